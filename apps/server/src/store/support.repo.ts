// The support desk's reads and writes (issue 15): incidents, a member's security history,
// and the changes support makes for a member.
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { usernameKey } from '../lib/usernames.ts'
import type { Db } from './db.ts'
import {
  auditLog,
  customers,
  incidents,
  knownDevices,
  mfaContacts,
  sessions,
  users,
  verificationCodes,
  type IncidentStatus,
} from './schema.ts'
import { usernameIs } from './users.repo.ts'
import { passkeysRepo, type PasskeySummary } from './passkeys.repo.ts'
import { sessionsRepo } from './sessions.repo.ts'

export type { IncidentStatus }
export type IncidentRow = typeof incidents.$inferSelect
export type AuditRow = typeof auditLog.$inferSelect

export function supportRepo(db: Db) {
  return {
    async incident(incidentId: string): Promise<IncidentRow | undefined> {
      const [row] = await db.select().from(incidents).where(eq(incidents.incidentId, incidentId))
      return row
    },
    async incidents(options: { status?: IncidentStatus; userId?: number; limit: number }) {
      const filters = [
        options.status ? eq(incidents.status, options.status) : undefined,
        options.userId === undefined ? undefined : eq(incidents.userId, options.userId),
      ]
      return db
        .select({
          incident: incidents,
          username: users.username,
          custnum: users.custnum,
          program: users.program,
        })
        .from(incidents)
        .leftJoin(users, eq(users.id, incidents.userId))
        .where(and(...filters))
        .orderBy(desc(incidents.createdAt), desc(incidents.id))
        .limit(options.limit)
    },
    /** Marks open incidents resolved; returns the ticket numbers it resolved. */
    async resolveIncidents(
      where: { userId: number } | { incidentId: string },
      resolution: { by: string; at: Date; text: string },
    ): Promise<string[]> {
      const target =
        'userId' in where
          ? eq(incidents.userId, where.userId)
          : eq(incidents.incidentId, where.incidentId)
      const rows = await db
        .update(incidents)
        .set({
          status: 'resolved',
          resolvedAt: resolution.at,
          resolvedBy: resolution.by,
          resolution: resolution.text,
        })
        .where(and(target, eq(incidents.status, 'open')))
        .returning({ incidentId: incidents.incidentId })
      return rows.map((r) => r.incidentId)
    },
    /** The member's security events, newest first (login, MFA, recovery, support). */
    async events(userId: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.userId, userId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
    },
    /**
     * The line that locked the account last: six wrong codes (mfa.locked), or the wrong
     * password that reached the limit (login.locked with its count; a sign-in refused
     * because the account was already locked is a login.locked without one).
     */
    async lastLock(userId: number): Promise<AuditRow | undefined> {
      const [row] = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.userId, userId),
            or(
              eq(auditLog.event, 'mfa.locked'),
              and(
                eq(auditLog.event, 'login.locked'),
                isNotNull(sql`${auditLog.detail} -> 'failedAttempts'`),
              ),
            ),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(1)
      return row
    },
    /** The names on the member's customer record (to greet and verify a caller). */
    async customerNames(custnum: string) {
      const [row] = await db
        .select({ customerName: customers.cname, firstName: customers.firstName })
        .from(customers)
        .where(eq(customers.custnum, custnum))
      return row
    },
    async signIns(userId: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), eq(auditLog.event, 'login.succeeded')))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
    },
    async devices(userId: number) {
      return db
        .select({ hash: knownDevices.devicePrintHash, verifiedAt: knownDevices.verifiedAt })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId))
        .orderBy(desc(knownDevices.verifiedAt))
    },
    async sessionCount(userId: number, now: Date): Promise<number> {
      const rows = await db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
      return rows.filter((r) => r.expiresAt > now).length
    },
    async contact(userId: number) {
      const [row] = await db.select().from(mfaContacts).where(eq(mfaContacts.userId, userId))
      return row
    },
    /** Matches on username, in any case (issue 32, row E1), or on customer number. */
    async findMembers(text: string) {
      return db
        .select()
        .from(users)
        .where(or(usernameIs(usernameKey(text)), eq(users.custnum, text.toUpperCase())))
        .limit(10)
    },
    async unlock(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ isLocked: false, failedAttempts: 0, mfaFailedAttempts: 0 })
          .where(eq(users.id, userId))
        await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId))
        // An unlock ends every session of the member (issue 11): whoever held one signs in again.
        await tx.delete(sessions).where(eq(sessions.userId, userId))
        // As after a password reset: the member confirms the details at the next sign-in
        // (spec §4: RE_ENROLL + UNLOCKED).
        await tx
          .update(mfaContacts)
          .set({ isReconfirmationRequired: true })
          .where(eq(mfaContacts.userId, userId))
        // And no device skips the code on the strength of a trust from before (issue 32, D1).
        await tx.delete(knownDevices).where(eq(knownDevices.userId, userId))
      })
    },
    /**
     * Forgets the verification details, any pending code, every trusted device and every
     * passkey (issue 40, P1: a passkey added by whoever had the lost phone is a second factor
     * too). Answers the passkeys removed, for the staff member's report.
     */
    async resetMfa(userId: number): Promise<PasskeySummary[]> {
      return db.transaction(async (tx) => {
        await tx.delete(mfaContacts).where(eq(mfaContacts.userId, userId))
        await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId))
        await tx.delete(knownDevices).where(eq(knownDevices.userId, userId))
        return passkeysRepo(tx).removeAllOf(userId)
      })
    },
    endSessions(userId: number): Promise<number> {
      return sessionsRepo(db).removeAllOf(userId)
    },
    async usersById(ids: number[]) {
      if (ids.length === 0) return []
      return db.select().from(users).where(inArray(users.id, ids))
    },
  }
}
