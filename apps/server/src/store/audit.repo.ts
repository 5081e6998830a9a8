import type { Clock } from '../lib/clock.ts'
import { currentClientIp, currentRequestId } from '../lib/request-context.ts'
import { and, eq, sql } from 'drizzle-orm'
import { prepared, type Db } from './db.ts'
import { auditLog, sessions, users } from './schema.ts'
import type { StartedSessionRow } from './sessions.repo.ts'

export type AuditEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.locked'
  | 'login.unknown_user'
  | 'login.wrong_program'
  | 'login.temporary_password_expired'
  | 'login.temporary_password_used'
  | 'logout'
  | 'password.changed'
  | 'password.reuse_refused'
  | 'mfa.locked'
  | 'mfa.known_device'
  | 'mfa.device_mark_moved_to_cookie'
  | 'mfa.contact_saved'
  | 'mfa.contact_change_refused'
  | 'mfa.code_refused'
  | 'mfa.code_sent'
  | 'mfa.code_rejected'
  | 'mfa.passed'
  | 'mfa.support_requested'
  | 'mfa.new_device_notice'
  | 'passkey.added'
  | 'passkey.register_refused'
  | 'passkey.assertion_refused'
  | 'passkey.rejected'
  | 'passkey.removed'
  | 'recovery.username_sent'
  | 'recovery.temporary_password_sent'
  | 'handoff.issued'
  | 'account.created_by_operator'
  // The support desk (issue 15): actor and reason are always set on these.
  | 'support.member_viewed'
  | 'support.incident_viewed'
  | 'support.unlocked'
  | 'support.mfa_reset'
  | 'support.sessions_revoked'
  | 'support.username_resent'
  | 'support.incident_resolved'
  | 'staff.created'
  | 'staff.disabled'
  | 'console.password_accepted'
  | 'console.sign_in_refused'
  | 'console.code_rejected'
  | 'console.signed_in'
  | 'console.signed_out'
  | 'operator.outbox_requeued'
  | 'operator.program_phone_set'
  | 'account.profile_saved'
  | 'customer.address_saved'
  | 'password.current_refused'
  // Issue 31: the support desk's daily tasks, and operator changes with actor and reason.
  | 'login.disabled'
  | 'support.member_disabled'
  | 'support.member_enabled'
  | 'support.members_searched'
  | 'support.audit_exported'
  | 'staff.password_changed'
  | 'operator.customers_imported'
  // Issue 32, A1: refusals audited (client IP, route, and who when known; never a secret),
  // and staff who must choose their own password.
  | 'security.anti_forgery_refused'
  | 'security.rate_limited'
  | 'console.role_refused'
  | 'console.password_change_required'
  // Issue 40, A2: a wrong current password in the console, and the session it ended.
  | 'console.current_password_refused'
  | 'console.session_ended'
  // Issue 44: the OpenID Connect sites and keys, changed by an operator.
  | 'operator.oidc_site_added'
  | 'operator.oidc_site_keys_set'
  | 'operator.oidc_site_removed'
  | 'operator.oidc_key_rotated'
  | 'operator.oidc_keys_retired'

export interface AuditEntry {
  event: AuditEvent
  userId?: number | null
  username?: string | null
  clientIp?: string | null
  /** Never a secret: no password, code or key goes in here. */
  detail?: Record<string, unknown>
  /** Who acted for someone else ('operator:NAME', 'staff:EMAIL'); null when people act for themselves. */
  actor?: string | null
  /** Why the actor acted, in their words. */
  reason?: string | null
}

/** An audit entry as its row is written, with the request's client address and id. */
export type AuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'detail'> & {
  /**
   * Not null: a placeholder's value goes through the column's JSON encoding, which would
   * store null as the JSON value null; undefined reaches the driver as SQL NULL.
   */
  detail: Record<string, unknown> | undefined
}

/** The audit row's columns as placeholders: `values()` gives each its column's encoding. */
export const auditRowPlaceholders = () => {
  const placeholder = sql.placeholder
  return {
    at: placeholder('at'),
    event: placeholder('event'),
    userId: placeholder('userId'),
    username: placeholder('username'),
    clientIp: placeholder('clientIp'),
    detail: placeholder('detail'),
    actor: placeholder('actor'),
    reason: placeholder('reason'),
    requestId: placeholder('requestId'),
  }
}

/** `observe` is told every event recorded (the metrics counters). */
export function auditRepo(db: Db, clock: Clock, observe?: (entry: AuditEntry) => void) {
  const placeholder = sql.placeholder
  const rowOf = (entry: AuditEntry): AuditRow => ({
    at: clock.now(),
    event: entry.event,
    userId: entry.userId ?? null,
    username: entry.username ?? null,
    // The request's client address unless the entry names one (issue 32, A1).
    clientIp: entry.clientIp ?? currentClientIp(),
    detail: entry.detail ?? undefined,
    actor: entry.actor ?? null,
    reason: entry.reason ?? null,
    requestId: currentRequestId(),
  })
  const noted = (entry: AuditEntry) => observe?.(entry)
  return {
    async record(entry: AuditEntry): Promise<void> {
      // Every column named, so one statement serves every event (one row each sign-in step).
      const insert = prepared(db, 'audit_insert', (name) =>
        db.insert(auditLog).values(auditRowPlaceholders()).prepare(name),
      )
      await insert.execute(rowOf(entry))
      noted(entry)
    },
    /**
     * For a statement that writes the entry's row beside another change (the sign-in flow's
     * session writes, plugins/session.ts): the row, and `noted` once it is written.
     */
    rowOf,
    noted,
    /**
     * A right password: the user's failed-login count back to 0 and the sign-in's audit row,
     * in one statement (one round trip instead of two); with `session`, the new session's
     * row too (plugins/session.ts `start`). `passwordHash` is the hash the password was
     * verified against. When, since it was read, the account got locked or disabled or its
     * password changed (a change, a temporary password redeemed), none is written and the
     * answer is false: a sign-in verified before such an event starts nothing after it
     * (issue 40, S1).
     */
    async recordSuccessfulLogin(
      entry: AuditEntry & {
        userId: number
        event: 'login.succeeded' | 'login.temporary_password_used'
      },
      passwordHash: string,
      session?: StartedSessionRow,
    ): Promise<boolean> {
      // In a SELECT list a parameter has no column to take its type from: cast each.
      const typed = <T>(slot: string, type: string) =>
        sql<T>`${placeholder(slot)}::${sql.raw(type)}`
      const build = (name: string, withSession: boolean) => {
        const reset = db.$with('reset').as(
          db
            .update(users)
            .set({ failedAttempts: 0 })
            .where(
              and(
                eq(users.id, placeholder('userId')),
                eq(users.isLocked, false),
                eq(users.isDisabled, false),
                eq(users.passwordHash, placeholder('passwordHash')),
              ),
            )
            .returning({ id: users.id }),
        )
        // Run by PostgreSQL whether or not the audit insert reads it; from `reset`, so only
        // when the count was reset.
        const started = db.$with('started').as(
          db
            .insert(sessions)
            .select((qb) =>
              qb
                .select({
                  idHash: typed<string>('sessionIdHash', 'text').as('id_hash'),
                  userId: reset.id,
                  program: typed<string>('sessionProgram', 'text').as('program'),
                  stage: typed<string>('sessionStage', 'text').as('stage'),
                  data: typed<Record<string, unknown>>('sessionData', 'jsonb').as('data'),
                  createdAt: typed<Date>('sessionCreatedAt', 'timestamptz').as('created_at'),
                  lastSeenAt: typed<Date>('sessionLastSeenAt', 'timestamptz').as('last_seen_at'),
                  expiresAt: typed<Date>('sessionExpiresAt', 'timestamptz').as('expires_at'),
                })
                .from(reset),
            )
            .returning({ idHash: sessions.idHash }),
        )
        return db
          .with(...(withSession ? [reset, started] : [reset]))
          .insert(auditLog)
          .select((qb) =>
            qb
              .select({
                // Drizzle's INSERT … SELECT names every column; the id's is its serial default.
                id: sql<number>`nextval('audit_log_id_seq')`.as('id'),
                at: typed<Date>('at', 'timestamptz').as('at'),
                event: typed<string>('event', 'text').as('event'),
                userId: reset.id,
                username: typed<string | null>('username', 'text').as('username'),
                clientIp: typed<string | null>('clientIp', 'text').as('client_ip'),
                detail: typed<Record<string, unknown> | null>('detail', 'jsonb').as('detail'),
                actor: typed<string | null>('actor', 'text').as('actor'),
                reason: typed<string | null>('reason', 'text').as('reason'),
                requestId: typed<string | null>('requestId', 'text').as('request_id'),
              })
              .from(reset),
          )
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
        at: clock.now().toISOString(),
        event: entry.event,
        userId: entry.userId,
        passwordHash,
        username: entry.username ?? null,
        // The request's client address unless the entry names one (issue 32, A1).
        clientIp: entry.clientIp ?? currentClientIp(),
        detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
        actor: entry.actor ?? null,
        reason: entry.reason ?? null,
        requestId: currentRequestId(),
        ...sessionParameters,
      })
      if (rows.length === 0) return false
      observe?.(entry)
      return true
    },
  }
}
