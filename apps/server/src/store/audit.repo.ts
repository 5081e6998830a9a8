import type { Clock } from '../lib/clock.ts'
import { currentClientIp, currentRequestId } from '../lib/request-context.ts'
import { sql } from 'drizzle-orm'
import { prepared, type Db } from './db.ts'
import { auditLog } from './schema.ts'

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
  | 'mfa.code_reused'
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
  | 'recovery.account_on_hold'
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
  }
}
