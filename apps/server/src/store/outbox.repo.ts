import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { outbox } from './schema.ts'

export type OutboxRow = typeof outbox.$inferSelect
export type NewOutboxRow = typeof outbox.$inferInsert

export function outboxRepo(db: Db) {
  return {
    async enqueue(row: NewOutboxRow): Promise<void> {
      await db.insert(outbox).values(row)
    },
    /**
     * Claims due messages for this worker. SKIP LOCKED lets several service instances work
     * the same outbox without sending a message twice.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
          .orderBy(outbox.id)
          .limit(limit)
          .for('update', { skipLocked: true })
        if (due.length === 0) return []
        const ids = due.map((d) => d.id)
        // The lease: if this process dies mid-send, the message becomes due again.
        return tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            nextAttemptAt: new Date(now.getTime() + leaseMs),
          })
          .where(sql`${outbox.id} in ${ids}`)
          .returning()
      })
    },
    async markSent(id: number, now: Date, keepBody: boolean): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: now,
          lastError: null,
          ...(keepBody ? {} : { sealedBody: '' }),
        })
        .where(eq(outbox.id, id))
    },
    async markFailed(id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
      await db
        .update(outbox)
        .set(
          nextAttemptAt
            ? { lastError: error, nextAttemptAt }
            : { lastError: error, status: 'failed', sealedBody: '' },
        )
        .where(eq(outbox.id, id))
    },
    async latest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit)
    },
  }
}
