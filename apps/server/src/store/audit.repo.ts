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
}

export function auditRepo(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(entry)
    },
  }
}
