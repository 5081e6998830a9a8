import {
  and,
  eq,
  exists,
  inArray,
  lte,
  ne,
  sql,
  type ColumnsSelection,
  type SQL,
} from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder'
import { prepared, type Db } from './db.ts'
import type { AuditRow } from './audit.repo.ts'
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

/**
 * What a session's load may read beside its member: with `device`, the second factor's facts
 * (the member's MFA contact and whether they trust that device), in the same statement.
 */
export interface MemberLoadOptions {
  device?: DeviceLookup
}

/** The session's member; with the second factor's facts when they were read with it. */
export type LoadedMember = UserWithCustomer<SessionUser> & { secondFactor?: SecondFactorFacts }

/**
 * A placeholder where update's set() takes a value. set() wraps it in a parameter with the
 * column's encoding at run time, as insert's values() does (jsonb as JSON, timestamps as
 * ISO text); only its types leave placeholders out.
 */
const slot = <T>(name: string) => sql.placeholder(name) as unknown as T

/** In a SELECT list a parameter has no column to take its type from: cast each. */
const typed = <T>(name: string, type: string) => sql<T>`${sql.placeholder(name)}::${sql.raw(type)}`

/**
 * An audit row's columns as `INSERT … SELECT … FROM <a change>` takes them, so that the row
 * is written only when the change was (one row per row changed). `userId` is the change's
 * column, or the row's own (a parameter). Their values go as text: auditParameters.
 */
const auditSelection = <U>(userId: U) => ({
  // Drizzle's INSERT … SELECT names every column; the id's is its serial default.
  id: sql<number>`nextval('audit_log_id_seq')`.as('id'),
  at: typed<Date>('at', 'timestamptz').as('at'),
  event: typed<string>('event', 'text').as('event'),
  userId,
  username: typed<string | null>('username', 'text').as('username'),
  clientIp: typed<string | null>('clientIp', 'text').as('client_ip'),
  detail: typed<Record<string, unknown> | null>('detail', 'jsonb').as('detail'),
  actor: typed<string | null>('actor', 'text').as('actor'),
  reason: typed<string | null>('reason', 'text').as('reason'),
  requestId: typed<string | null>('requestId', 'text').as('request_id'),
})

/** An audit row's values for auditSelection (a placeholder outside a column's place skips its encoding). */
const auditParameters = (audit: AuditRow) => ({
  at: audit.at.toISOString(),
  event: audit.event,
  userId: audit.userId ?? null,
  username: audit.username ?? null,
  clientIp: audit.clientIp ?? null,
  detail: audit.detail === undefined ? null : JSON.stringify(audit.detail),
  actor: audit.actor ?? null,
  reason: audit.reason ?? null,
  requestId: audit.requestId ?? null,
})

/** What the hand-off reads of the session it ended. */
export type EndedRow = Pick<SessionRow, 'userId' | 'program' | 'stage' | 'data'>

/** Where a session must stand for `endFlow` to end it (the flow guard's checks, as parameters). */
export interface EndConditions {
  /** The flow's states the move is allowed from (flow.ts's table). */
  stages: readonly string[]
  /** The program verdict bound to the flow. */
  verdict: string
  now: Date
  /** Programs whose sessions must not end now (their site cannot take the member yet). */
  heldPrograms: readonly string[]
}

export function sessionsRepo(db: Db) {
  /** Deletes the sessions the condition picks; answers how many went. */
  async function removeWhere(condition: SQL): Promise<number> {
    const rows = await db.delete(sessions).where(condition).returning({ idHash: sessions.idHash })
    return rows.length
  }
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
   * `change` (a session write returning the row it changed) with the audit row inserted from
   * it: when the change found no row (another request moved or ended the session first), no
   * audit row is written and the statement returns nothing.
   */
  const withAuditRow = (change: TypedQueryBuilder<ColumnsSelection>) => {
    const changed = db.$with('session_change').as(change)
    return db
      .with(changed)
      .insert(auditLog)
      .select((qb) =>
        qb
          .select(auditSelection(typed<number | null>('userId', 'integer').as('user_id')))
          .from(changed),
      )
      .returning({ id: auditLog.id })
  }
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
      device?: MemberLoadOptions['device'],
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
     * The sign-in's statement (decision 0014): a right password's failed-login count back to
     * 0 and its audit row (`audit`, built by the audit repository's rowOf), in one statement
     * (one round trip instead of two); with `session`, the new session's row too
     * (plugins/session.ts `start`). `passwordHash` is the hash the password was
     * verified against. When, since it was read, the account got locked or disabled or its
     * password changed (a change, a temporary password redeemed), none is written and the
     * answer is false: a sign-in verified before such an event starts nothing after it
     * (issue 40, S1).
     *
     * The user's row is locked (`FOR NO KEY UPDATE`, the lock an UPDATE takes) and rewritten
     * only when its count is not 0 already (issue 45): most sign-ins follow no wrong password,
     * and a rewrite is a new version of the whole (wide) row. The lock is what keeps a lock,
     * disable or password change since the read winning: one in progress is waited for and
     * the conditions are checked again on the row it leaves (READ COMMITTED), and one that
     * comes after waits for this statement's commit, so it sees (and ends) the new session.
     * A snapshot read alone would miss both (test/authentication/sign-in-statement.postgres.test.ts).
     */
    async startSignIn(
      audit: AuditRow,
      passwordHash: string,
      session?: StartedSessionRow,
    ): Promise<boolean> {
      const build = (name: string, withSession: boolean) => {
        const signer = db.$with('signer').as(
          db
            .select({ id: users.id, failedAttempts: users.failedAttempts })
            .from(users)
            .where(
              and(
                eq(users.id, placeholder('userId')),
                eq(users.isLocked, false),
                eq(users.isDisabled, false),
                eq(users.passwordHash, placeholder('passwordHash')),
              ),
            )
            .for('no key update'),
        )
        // Run by PostgreSQL whether or not anything reads it; on the row `signer` locked.
        const cleared = db.$with('cleared').as(
          db
            .update(users)
            .set({ failedAttempts: 0 })
            .where(
              inArray(
                users.id,
                db.select({ id: signer.id }).from(signer).where(ne(signer.failedAttempts, 0)),
              ),
            )
            .returning({ id: users.id }),
        )
        // Run by PostgreSQL whether or not the audit insert reads it; from `signer`, so only
        // when the account still signs in.
        const started = db.$with('started').as(
          db
            .insert(sessions)
            .select((qb) =>
              qb
                .select({
                  idHash: typed<string>('sessionIdHash', 'text').as('id_hash'),
                  userId: signer.id,
                  program: typed<string>('sessionProgram', 'text').as('program'),
                  stage: typed<string>('sessionStage', 'text').as('stage'),
                  data: typed<Record<string, unknown>>('sessionData', 'jsonb').as('data'),
                  createdAt: typed<Date>('sessionCreatedAt', 'timestamptz').as('created_at'),
                  lastSeenAt: typed<Date>('sessionLastSeenAt', 'timestamptz').as('last_seen_at'),
                  expiresAt: typed<Date>('sessionExpiresAt', 'timestamptz').as('expires_at'),
                })
                .from(signer),
            )
            .returning({ idHash: sessions.idHash }),
        )
        return db
          .with(...(withSession ? [signer, cleared, started] : [signer, cleared]))
          .insert(auditLog)
          .select((qb) => qb.select(auditSelection(signer.id)).from(signer))
          .returning({ id: auditLog.id })
          .prepare(name)
      }
      const statement = session
        ? prepared(db, 'users_login_reset_with_audit_and_session', (name) => build(name, true))
        : prepared(db, 'users_login_reset_with_audit', (name) => build(name, false))
      // Placeholders outside a column's place skip its encoding: the text it would give.
      const sessionParameters = session && {
        sessionIdHash: session.idHash,
        sessionProgram: session.program,
        sessionStage: session.stage,
        sessionData: JSON.stringify(session.data),
        sessionCreatedAt: session.createdAt.toISOString(),
        sessionLastSeenAt: session.lastSeenAt.toISOString(),
        sessionExpiresAt: session.expiresAt.toISOString(),
      }
      const rows = await statement.execute({
        ...auditParameters(audit),
        userId: audit.userId,
        passwordHash,
        ...sessionParameters,
      })
      return rows.length > 0
    },
    /**
     * The sign-in flow's move: new state and data, and the id (the same, or a new one). With
     * `audit`, its row is written by the same statement (both or neither). False when there
     * is no session of that id any more (another request rotated or ended it first): nothing
     * is written. Two requests making the same move at once (a screen asking twice) both
     * write it, as the move is the same.
     */
    async move(
      idHash: string,
      next: Pick<SessionRow, 'stage' | 'data'> & { newIdHash: string },
      audit?: AuditRow,
    ): Promise<boolean> {
      const moved = () =>
        db
          .update(sessions)
          .set({
            stage: slot<string>('stage'),
            data: slot<SessionRow['data']>('data'),
            idHash: slot<string>('newIdHash'),
          })
          .where(byIdHash)
          .returning({ idHash: sessions.idHash })
      const rows = audit
        ? await prepared(db, 'sessions_move_with_audit', (name) =>
            withAuditRow(moved()).prepare(name),
          ).execute({ idHash, ...next, ...auditParameters(audit) })
        : await prepared(db, 'sessions_move', (name) => moved().prepare(name)).execute({
            idHash,
            ...next,
          })
      return rows.length > 0
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
    /**
     * With `audit`, its row is written by the same statement, as move() does. False when there
     * was no such session (another request ended it first): then no audit row either.
     */
    async remove(idHash: string, audit?: AuditRow): Promise<boolean> {
      const removed = () =>
        db.delete(sessions).where(byIdHash).returning({ idHash: sessions.idHash })
      const rows = audit
        ? await prepared(db, 'sessions_remove_with_audit', (name) =>
            withAuditRow(removed()).prepare(name),
          ).execute({ idHash, ...auditParameters(audit) })
        : await prepared(db, 'sessions_remove', (name) => removed().prepare(name)).execute({
            idHash,
          })
      return rows.length > 0
    },
    /**
     * The hand-off's statement (issue 45): ends the session when it stands where `where`
     * says, reads its user and writes `audit`'s row, in one statement (one round trip where
     * the hand-off sent two: the member read, then the end). The conditions are the flow
     * guard's (modules/signin/flow-guard.ts `endingMember` passes them): the state one of
     * `stages`, the bound program verdict `verdict`, not expired at `now`, the user neither
     * locked nor disabled, the bound program not one of `heldPrograms`. The audit row's user,
     * username and detail (`{ program }`: the bound program) are the ended session's.
     *
     * Undefined when it did not end the session (it failed a condition, or another request
     * ended it first): nothing is written. On PostgreSQL two at once are serialised by the
     * session row: the second waits for the first's delete, then finds no row to delete.
     */
    async endFlow(
      idHash: string,
      where: EndConditions,
      audit: AuditRow,
    ): Promise<{ row: EndedRow; user: SessionUser } | undefined> {
      const statement = prepared(db, 'sessions_end_flow_with_audit', (name) => {
        const bound = (key: 'verdict' | 'program') =>
          sql`(${sessions.data} -> 'programCheck' ->> ${sql.raw(`'${key}'`)})`
        const ended = db.$with('ended').as(
          db
            .delete(sessions)
            .where(
              and(
                byIdHash,
                // A JSON array of names (jsonb `?`: the array holds the text).
                sql`${placeholder('stages')}::jsonb ? ${sessions.stage}`,
                sql`${bound('verdict')} = ${placeholder('verdict')}::text`,
                sql`${sessions.expiresAt} > ${placeholder('now')}::timestamptz`,
                sql`not coalesce(${placeholder('heldPrograms')}::jsonb ? ${bound('program')}, true)`,
                exists(
                  db
                    .select({ id: users.id })
                    .from(users)
                    .where(
                      and(
                        eq(users.id, sessions.userId),
                        eq(users.isLocked, false),
                        eq(users.isDisabled, false),
                      ),
                    ),
                ),
              ),
            )
            .returning(),
        )
        // Run by PostgreSQL whether or not anything reads it; one row per session ended.
        const audited = db.$with('audited').as(
          db
            .insert(auditLog)
            .select((qb) =>
              qb
                .select({
                  ...auditSelection(ended.userId),
                  username: sql<string>`${users.username}`.as('username'),
                  detail: sql<
                    Record<string, unknown>
                  >`jsonb_build_object('program', ${ended.data} #> '{programCheck,program}')`.as(
                    'detail',
                  ),
                })
                .from(ended)
                .innerJoin(users, eq(users.id, ended.userId)),
            )
            .returning({ id: auditLog.id }),
        )
        return db
          .with(ended, audited)
          .select({
            session: {
              userId: ended.userId,
              program: ended.program,
              stage: ended.stage,
              data: ended.data,
            },
            user: sessionUserColumns,
          })
          .from(ended)
          .innerJoin(users, eq(users.id, ended.userId))
          .prepare(name)
      })
      const [found] = await statement.execute({
        idHash,
        stages: JSON.stringify(where.stages),
        verdict: where.verdict,
        now: where.now.toISOString(),
        heldPrograms: JSON.stringify(where.heldPrograms),
        ...auditParameters(audit),
      })
      return found && { row: found.session, user: found.user }
    },
    /** Ends every session of a user: after a lock, a reset or a password change. */
    removeAllOf(userId: number): Promise<number> {
      return removeWhere(eq(sessions.userId, userId))
    },
    removeExpired(now: Date): Promise<number> {
      return removeWhere(lte(sessions.expiresAt, now))
    },
  }
}
