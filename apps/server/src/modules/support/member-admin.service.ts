// The support desk's daily tasks of issue 31, shared by portal-admin and the console: disable
// and enable a member (a disabled member signs in as a locked account would), search by email,
// phone or name, export the audit trail (CSV or JSON lines, by user and date range), and a
// staff password change. Every change writes one audit row with its actor and reason.
import { and, asc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Clock } from '../../lib/clock.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { auditRepo } from '../../store/audit.repo.ts'
import type { Db } from '../../store/db.ts'
import { sessionsRepo } from '../../store/sessions.repo.ts'
import { auditLog, customers, staff, staffSessions, users } from '../../store/schema.ts'

export type MemberAdminFailure = 'USER_NOT_FOUND' | 'ALREADY' | 'STAFF_NOT_FOUND' | 'REFUSED'
type Result<T extends object = object> =
  ({ ok: true } & T) | { ok: false; reason: MemberAdminFailure }

export interface MemberMatch {
  username: string
  custnum: string
  program: string
  name: string | null
  email: string | null
  phone: string | null
  isLocked: boolean
  isDisabled: boolean
}

export interface AuditExportQuery {
  from: Date
  to: Date
  username?: string
}

export type AuditRow = typeof auditLog.$inferSelect

const csvColumns = [
  'id',
  'at',
  'event',
  'userId',
  'username',
  'actor',
  'reason',
  'clientIp',
  'requestId',
  'detail',
] as const

function csvField(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
  // Quoted when needed; a leading =,+,-,@ is prefixed so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const auditCsvHeader = csvColumns.join(',')

/** One audit row as a CSV line or a JSON line. */
export function auditLine(row: AuditRow, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify({ ...row, at: row.at.toISOString() })
  return csvColumns.map((column) => csvField(row[column])).join(',')
}

export const minStaffPasswordLength = 12

export function memberAdminService({ db, clock }: { db: Db; clock: Clock }) {
  const audit = auditRepo(db, clock)

  const setDisabled = async (
    username: string,
    isDisabled: boolean,
    actor: string,
    reason: string,
  ): Promise<Result<{ endedSessions: number }>> =>
    db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.username, username))
      if (!user) return { ok: false, reason: 'USER_NOT_FOUND' }
      if (user.isDisabled === isDisabled) return { ok: false, reason: 'ALREADY' }
      await tx.update(users).set({ isDisabled }).where(eq(users.id, user.id))
      // Disabling ends every sign-in of the member at once.
      const endedSessions = isDisabled ? await sessionsRepo(tx).removeAllOf(user.id) : 0
      await auditRepo(tx, clock).record({
        event: isDisabled ? 'support.member_disabled' : 'support.member_enabled',
        userId: user.id,
        username,
        actor,
        reason,
        ...(isDisabled ? { detail: { endedSessions } } : {}),
      })
      return { ok: true, endedSessions }
    })

  return {
    disable: (username: string, actor: string, reason: string) =>
      setDisabled(username, true, actor, reason),
    enable: (username: string, actor: string, reason: string) =>
      setDisabled(username, false, actor, reason),

    /** Members whose email, phone (digits) or name matches, at most `limit`. */
    async search(query: string, actor: string, limit = 20): Promise<MemberMatch[]> {
      const text = query.trim()
      if (text.length < 2) return []
      const digits = text.replace(/\D/g, '')
      let where: SQL | undefined
      if (text.includes('@')) {
        const email = text.toLowerCase()
        where = or(
          eq(sql`lower(${users.email})`, email),
          eq(sql`lower(${customers.emailAddr})`, email),
          eq(sql`lower(${customers.primaryEmailAddress})`, email),
        )
      } else if (digits.length >= 7 && digits.length === text.replace(/[\s()+.-]/g, '').length) {
        const last10 = digits.slice(-10)
        where = or(
          eq(users.phone, last10),
          eq(sql`regexp_replace(coalesce(${customers.phone1}, ''), '\\D', '', 'g')`, last10),
        )
      } else {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        where = or(
          ilike(customers.cname, pattern),
          ilike(customers.firstName, pattern),
          ilike(users.username, pattern),
        )
      }
      const rows = await db
        .select({
          username: users.username,
          custnum: users.custnum,
          program: users.program,
          name: customers.cname,
          email: users.email,
          phone: users.phone,
          isLocked: users.isLocked,
          isDisabled: users.isDisabled,
        })
        .from(users)
        .innerJoin(customers, eq(customers.custnum, users.custnum))
        .where(where)
        .orderBy(asc(users.username))
        .limit(limit)
      await audit.record({
        event: 'support.members_searched',
        actor,
        detail: {
          kind: text.includes('@') ? 'email' : digits.length >= 7 ? 'phone' : 'name',
          found: rows.length,
        },
      })
      return rows
    },

    /** The audit rows of a date range (and one user), oldest first, read in pages by id. */
    async *exportAudit(
      query: AuditExportQuery,
      actor: string,
      reason: string,
    ): AsyncGenerator<AuditRow> {
      await audit.record({
        event: 'support.audit_exported',
        username: query.username ?? null,
        actor,
        reason,
        detail: { from: query.from.toISOString(), to: query.to.toISOString() },
      })
      let lastId = 0
      for (;;) {
        const page = await db
          .select()
          .from(auditLog)
          .where(
            and(
              gte(auditLog.at, query.from),
              lt(auditLog.at, query.to),
              gt(auditLog.id, lastId),
              query.username === undefined ? undefined : eq(auditLog.username, query.username),
            ),
          )
          .orderBy(asc(auditLog.id))
          .limit(1000)
        for (const row of page) yield row
        if (page.length < 1000) return
        lastId = page.at(-1)?.id ?? lastId
      }
    },

    /**
     * A staff member's new password: their own change (the current one required), or an
     * operator's reset (`current` undefined). Their console sessions end.
     */
    async changeStaffPassword(
      email: string,
      current: string | undefined,
      next: string,
      actor: string,
      reason: string,
    ): Promise<Result> {
      if (next.length < minStaffPasswordLength) return { ok: false, reason: 'REFUSED' }
      const [member] = await db.select().from(staff).where(eq(staff.email, email.toLowerCase()))
      if (!member || !member.isActive) return { ok: false, reason: 'STAFF_NOT_FOUND' }
      if (current !== undefined && !(await verifyPassword(member.passwordHash, current))) {
        return { ok: false, reason: 'REFUSED' }
      }
      const passwordHash = await hashPassword(next)
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id))
        await tx.delete(staffSessions).where(eq(staffSessions.staffId, member.id))
        await auditRepo(tx, clock).record({
          event: 'staff.password_changed',
          username: member.email,
          actor,
          reason,
          detail: { by: current === undefined ? 'reset' : 'self' },
        })
      })
      return { ok: true }
    },
  }
}
export type MemberAdminService = ReturnType<typeof memberAdminService>
