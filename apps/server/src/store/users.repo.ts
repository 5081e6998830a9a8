import { and, eq, sql } from 'drizzle-orm'
import { limits } from '@portal/contract'
import type { Db } from './db.ts'
import { users } from './schema.ts'

export type UserRow = typeof users.$inferSelect

export function usersRepo(db: Db) {
  return {
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.username, username))
      return row
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    /**
     * Counts a wrong password and locks at the limit, in one statement: parallel wrong
     * passwords are serialised by the row lock and leave the state sequential ones would.
     * Returns undefined when the account was already locked.
     */
    async recordFailedLogin(id: number) {
      const [row] = await db
        .update(users)
        .set({
          failedAttempts: sql`${users.failedAttempts} + 1`,
          isLocked: sql`${users.failedAttempts} + 1 >= ${limits.failedLoginsBeforeLock}`,
        })
        .where(and(eq(users.id, id), eq(users.isLocked, false)))
        .returning({ failedAttempts: users.failedAttempts, isLocked: users.isLocked })
      return row
    },
    /** Clears the count after a right password; false if the account got locked meanwhile. */
    async recordSuccessfulLogin(id: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ failedAttempts: 0 })
        .where(and(eq(users.id, id), eq(users.isLocked, false)))
        .returning({ id: users.id })
      return rows.length === 1
    },
  }
}
