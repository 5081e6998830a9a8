import { eq, lte } from 'drizzle-orm'
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
    /** Gives a session a new id, keeping its content (the id rotates as the flow advances). */
    async rekey(idHash: string, newIdHash: string): Promise<void> {
      await db.update(sessions).set({ idHash: newIdHash }).where(eq(sessions.idHash, idHash))
    },
    /** Ends every session of a user: after a lock, a reset or a password change. */
    async removeAllOf(userId: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ idHash: sessions.idHash })
      return rows.length
    },
    async removeExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, now))
        .returning({ idHash: sessions.idHash })
      return rows.length
    },
  }
}
