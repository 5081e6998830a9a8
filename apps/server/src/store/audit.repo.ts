import type { Clock } from '../lib/clock.ts'
import { currentRequestId } from '../lib/request-context.ts'
import type { Db } from './db.ts'
import { auditLog } from './schema.ts'

export type AuditEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.locked'
  | 'login.unknown_user'
  | 'login.wrong_program'
  | 'login.temporary_password_expired'
  | 'logout'
  | 'password.changed'
  | 'password.reuse_refused'
  | 'mfa.locked'
  | 'mfa.known_device'
  | 'mfa.contact_saved'
  | 'mfa.contact_change_refused'
  | 'mfa.code_sent'
  | 'mfa.code_rejected'
  | 'mfa.passed'
  | 'mfa.support_requested'
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

/** `observe` is told every event recorded (the metrics counters). */
export function auditRepo(db: Db, clock: Clock, observe?: (entry: AuditEntry) => void) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, at: clock.now(), requestId: currentRequestId() })
      observe?.(entry)
    },
  }
}
