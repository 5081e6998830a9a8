import { currentRequestId } from '../lib/request-context.ts'
import type { Db } from './db.ts'
import { auditLog } from './schema.ts'

export type AuditEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.locked'
  | 'login.unknown_user'
  | 'login.wrong_program'
  | 'logout'
  | 'password.changed'
  | 'password.reuse_refused'
  | 'mfa.locked'
  | 'mfa.known_device'
  | 'mfa.contact_saved'
  | 'mfa.code_sent'
  | 'mfa.code_rejected'
  | 'mfa.passed'
  | 'mfa.support_requested'
  | 'recovery.username_sent'
  | 'recovery.temporary_password_sent'
  | 'handoff.issued'
  | 'account.created_by_operator'
  | 'operator.outbox_requeued'
  | 'operator.program_phone_set'

export interface AuditEntry {
  event: AuditEvent
  userId?: number | null
  username?: string | null
  clientIp?: string | null
  /** Never a secret: no password, code or key goes in here. */
  detail?: Record<string, unknown>
}

/** `observe` is told every event recorded (the metrics counters). */
export function auditRepo(db: Db, observe?: (entry: AuditEntry) => void) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, requestId: currentRequestId() })
      observe?.(entry)
    },
  }
}
