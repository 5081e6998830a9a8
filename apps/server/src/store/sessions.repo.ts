import { eq, lte, sql, type ColumnsSelection } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder'
import { prepared, type Db } from './db.ts'
import { auditRowPlaceholders, type AuditRow } from './audit.repo.ts'
import {
  deviceParameters,
  isKnownDevice,
  type DeviceLookup,
  type SecondFactorFacts,
} from './mfa.repo.ts'
import { auditLog, customers, mfaContacts, sessions, users } from './schema.ts'
import {
  sessionUserColumns,
  signInCustomerColumns,
  userWithCustomer,
  type SessionUser,
  type UserWithCustomer,
} from './users.repo.ts'

export type SessionRow = typeof sessions.$inferSelect
export type NewSessionRow = typeof sessions.$inferInsert
/** A new session's row as start() writes it: every column given. */
export type StartedSessionRow = Required<Omit<NewSessionRow, 'data'>> & Pick<SessionRow, 'data'>

/** The session's member; with the second factor's facts when they were read with it. */
export type LoadedMember = UserWithCustomer<SessionUser> & { secondFactor?: SecondFactorFacts }

/**
 * A placeholder where update's set() takes a value. set() wraps it in a parameter with the
 * column's encoding at run time, as insert's values() does (jsonb as JSON, timestamps as
 * ISO text); only its types leave placeholders out.
 */
const slot = <T>(name: string) => sql.placeholder(name) as unknown as T

export function sessionsRepo(db: Db) {
  const placeholder = sql.placeholder
  const byIdHash = eq(sessions.idHash, placeholder('idHash'))
  /**
   * The session, its user (without the password hashes: sessionUserColumns) and their
   * customer record, with `fields` beside them.
   */
  const memberRead = <T extends SelectedFields>(fields: T) =>
    db
      .select({
        session: sessions,
        user: sessionUserColumns,
        customer: signInCustomerColumns,
        ...fields,
      })
      .from(sessions)
      // A session's user always exists (its row goes with the user's, on delete cascade).
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(customers, eq(customers.custnum, users.custnum))
  /**
   * `change` (a session write) as a CTE of the audit row's insert: PostgreSQL runs a
   * data-modifying CTE whether or not the insert reads it, so the row is written either way,
   * as when the two were separate statements.
   */
  const withAuditRow = (change: TypedQueryBuilder<ColumnsSelection>) =>
    db.with(db.$with('session_change').as(change)).insert(auditLog).values(auditRowPlaceholders())
  return {
    async find(idHash: string): Promise<SessionRow | undefined> {
      const [row] = await prepared(db, 'sessions_find', (name) =>
        db.select().from(sessions).where(byIdHash).prepare(name),
      ).execute({ idHash })
      return row
    },
    /**
     * The session with its user and what the sign-in reads of their customer record, in one
     * statement: every member's call reads all three, and they were two round trips. With
     * `device`, also what the second factor's decision reads (the member's MFA contact, and
     * whether they trust that device): one statement where that call sent two.
     */
    async findWithMember(
      idHash: string,
      device?: DeviceLookup,
    ): Promise<{ row: SessionRow; member: LoadedMember } | undefined> {
      if (device) {
        const [found] = await prepared(db, 'sessions_find_with_member_and_device', (name) =>
          memberRead({
            contact: mfaContacts,
            isKnownDevice: isKnownDevice(db, users.id),
          })
            .leftJoin(mfaContacts, eq(mfaContacts.userId, users.id))
            .where(byIdHash)
            .prepare(name),
        ).execute({ idHash, ...deviceParameters(device) })
        if (!found) return undefined
        const member = userWithCustomer([found])
        const secondFactor = {
          contact: found.contact ?? undefined,
          isKnownDevice: found.isKnownDevice,
        }
        return member && { row: found.session, member: { ...member, secondFactor } }
      }
      const [found] = await prepared(db, 'sessions_find_with_member', (name) =>
        memberRead({}).where(byIdHash).prepare(name),
      ).execute({ idHash })
      if (!found) return undefined
      const member = userWithCustomer([found])
      return member && { row: found.session, member }
    },
    async insert(row: StartedSessionRow) {
      await prepared(db, 'sessions_insert', (name) =>
        db
          .insert(sessions)
          .values({
            idHash: placeholder('idHash'),
            userId: placeholder('userId'),
            program: placeholder('program'),
            stage: placeholder('stage'),
            data: placeholder('data'),
            createdAt: placeholder('createdAt'),
            lastSeenAt: placeholder('lastSeenAt'),
            expiresAt: placeholder('expiresAt'),
          })
          .prepare(name),
      ).execute(row)
    },
    /**
     * The sign-in flow's move: new state and data, and the id (the same, or a new one). With
     * `audit`, its row is written by the same statement (one round trip, and both or neither).
     */
    async move(
      idHash: string,
      next: Pick<SessionRow, 'stage' | 'data'> & { newIdHash: string },
      audit?: AuditRow,
    ): Promise<void> {
      const moved = () =>
        db
          .update(sessions)
          .set({
            stage: slot<string>('stage'),
            data: slot<SessionRow['data']>('data'),
            idHash: slot<string>('newIdHash'),
          })
          .where(byIdHash)
      if (!audit) {
        await prepared(db, 'sessions_move', (name) => moved().prepare(name)).execute({
          idHash,
          ...next,
        })
        return
      }
      await prepared(db, 'sessions_move_with_audit', (name) =>
        withAuditRow(moved().returning({ idHash: sessions.idHash })).prepare(name),
      ).execute({ idHash, ...next, ...audit })
    },
    /** Idle expiry moved on (at most once a minute per session). */
    async touch(idHash: string, times: Pick<SessionRow, 'lastSeenAt' | 'expiresAt'>) {
      await prepared(db, 'sessions_touch', (name) =>
        db
          .update(sessions)
          .set({ lastSeenAt: slot<Date>('lastSeenAt'), expiresAt: slot<Date>('expiresAt') })
          .where(byIdHash)
          .prepare(name),
      ).execute({ idHash, ...times })
    },
    async update(
      idHash: string,
      /** With `idHash`, the session gets that new id in the same write (a rotation). */
      patch: Partial<Pick<SessionRow, 'idHash' | 'stage' | 'data' | 'lastSeenAt' | 'expiresAt'>>,
    ): Promise<void> {
      await db.update(sessions).set(patch).where(eq(sessions.idHash, idHash))
    },
    /** With `audit`, its row is written by the same statement, as move() does. */
    async remove(idHash: string, audit?: AuditRow): Promise<void> {
      const removed = () => db.delete(sessions).where(byIdHash)
      if (!audit) {
        await prepared(db, 'sessions_remove', (name) => removed().prepare(name)).execute({
          idHash,
        })
        return
      }
      await prepared(db, 'sessions_remove_with_audit', (name) =>
        withAuditRow(removed().returning({ idHash: sessions.idHash })).prepare(name),
      ).execute({ idHash, ...audit })
    },
    /** Ends every session of a user: after a lock, a reset or a password change. */
    async removeAllOf(userId: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ idHash: sessions.idHash })
      return rows.length
    },
    async removeExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, now))
        .returning({ idHash: sessions.idHash })
      return rows.length
    },
  }
}
