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
  | 'recovery.username_sent'
  | 'recovery.temporary_password_sent'
  | 'handoff.issued'
  | 'account.created_by_operator'

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
