import { eq, lt } from 'drizzle-orm'
import type { Db } from './db.ts'
import { sessions } from './schema.ts'

export type SessionRow = typeof sessions.$inferSelect
export type NewSessionRow = typeof sessions.$inferInsert

export function sessionsRepo(db: Db) {
  return {
    async find(idHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash))
      return row
    },
    async insert(row: NewSessionRow): Promise<void> {
      await db.insert(sessions).values(row)
    },
    async update(
      idHash: string,
      patch: Partial<Pick<SessionRow, 'stage' | 'data' | 'lastSeenAt' | 'expiresAt'>>,
    ): Promise<void> {
      await db.update(sessions).set(patch).where(eq(sessions.idHash, idHash))
    },
    async remove(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash))
    },
    /** Ends every session of one user (a password change ends the others). */
    async removeAllOfUser(userId: number): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ idHash: sessions.idHash })
      return removed.length
    },
    async removeExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now))
    },
  }
}
