// Retention (operator's `portal-admin purge` and each instance's sweep): expired sessions go,
// finished outbox rows and audit rows go after their settings' number of days. Idempotent, so
// several instances sweeping at once only repeat each other's work.
import { lt } from 'drizzle-orm'
import type { Db } from './db.ts'
import { outboxRepo } from './outbox.repo.ts'
import { auditLog, sessions } from './schema.ts'

export interface RetentionDays {
  outboxDays: number
  auditDays: number
}

export interface PurgeReport {
  sessions: number
  outbox: number
  audit: number
}

const dayMs = 24 * 60 * 60_000

export async function purgeExpired(
  db: Db,
  now: Date,
  { outboxDays, auditDays }: RetentionDays,
): Promise<PurgeReport> {
  const before = (days: number) => new Date(now.getTime() - days * dayMs)
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.idHash })
  const outbox = await outboxRepo(db).purgeFinishedBefore(before(outboxDays))
  const audit = await db
    .delete(auditLog)
    .where(lt(auditLog.at, before(auditDays)))
    .returning({ id: auditLog.id })
  return { sessions: expiredSessions.length, outbox, audit: audit.length }
}
