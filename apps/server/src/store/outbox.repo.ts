import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { outbox } from './schema.ts'

export type OutboxRow = typeof outbox.$inferSelect
export type NewOutboxRow = typeof outbox.$inferInsert

/** Statuses an operator can put back in the queue (`portal-admin outbox-requeue`). */
export const deadLetterStatuses = ['failed', 'dead']

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
    /**
     * Gives back claimed messages not tried (shutdown, or a lease running short): due now,
     * the claim's attempt undone, for this or another instance's worker to take.
     */
    async release(ids: number[], now: Date): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: now })
        .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')))
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
    /** The body is kept on the last failure, so the message can be re-queued; purge drops it. */
    async markFailed(id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
      await db
        .update(outbox)
        .set(
          nextAttemptAt
            ? { lastError: error, nextAttemptAt }
            : { lastError: error, status: 'failed' },
        )
        .where(eq(outbox.id, id))
    },
    async markDead(id: number, error: string): Promise<void> {
      await db.update(outbox).set({ status: 'dead', lastError: error }).where(eq(outbox.id, id))
    },
    async markExpired(id: number): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'expired', lastError: 'expired before it could be sent', sealedBody: '' })
        .where(eq(outbox.id, id))
    },
    async deadLetters(limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(inArray(outbox.status, deadLetterStatuses))
        .orderBy(asc(outbox.id))
        .limit(limit)
    },
    /** Puts a dead letter back in the queue, due now; false when it is not one. */
    async requeue(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
        .where(and(eq(outbox.id, id), inArray(outbox.status, deadLetterStatuses)))
        .returning({ id: outbox.id })
      return rows.length > 0
    },
    /** Messages waiting to go out, and when the oldest was written (metrics). */
    async pendingStats(): Promise<{ depth: number; oldest: Date | null }> {
      const [row] = await db
        .select({
          depth: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${outbox.createdAt})`,
        })
        .from(outbox)
        .where(eq(outbox.status, 'pending'))
      return { depth: row?.depth ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
    },
    /** Retention: finished messages (sent, failed, dead, expired) written before the cutoff. */
    async purgeFinishedBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(outbox)
        .where(and(ne(outbox.status, 'pending'), lt(outbox.createdAt, cutoff)))
        .returning({ id: outbox.id })
      return rows.length
    },
    async latest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit)
    },
  }
}
