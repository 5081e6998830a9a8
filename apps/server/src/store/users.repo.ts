import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm'
import { limits } from '@portal/contract'
import type { Db } from './db.ts'
import { passwordHistory, users } from './schema.ts'

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
    /** Locks the account (the sixth wrong code); a password reset unlocks it. */
    async lock(id: number): Promise<void> {
      await db.update(users).set({ isLocked: true }).where(eq(users.id, id))
    },
    /**
     * Spends one of the user's verification-code tries, atomically, before the code is
     * looked at: parallel guesses cannot get more than the limit between them, and a new
     * code does not give new tries (NIST SP 800-63B-4 §3.1.3.2). Undefined when the account
     * is locked or no try is left.
     */
    async spendCodeAttempt(id: number) {
      const [row] = await db
        .update(users)
        .set({ mfaFailedAttempts: sql`${users.mfaFailedAttempts} + 1` })
        .where(
          and(
            eq(users.id, id),
            eq(users.isLocked, false),
            lt(users.mfaFailedAttempts, limits.verificationCodeMaxAttempts),
          ),
        )
        .returning({ mfaFailedAttempts: users.mfaFailedAttempts })
      return row
    },
    /** A passed code: the count of wrong ones starts again. */
    async clearCodeAttempts(id: number): Promise<void> {
      await db.update(users).set({ mfaFailedAttempts: 0 }).where(eq(users.id, id))
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
    /** The hashes of the user's last `limits.passwordHistory` passwords, newest first. */
    async recentPasswordHashes(userId: number): Promise<string[]> {
      const rows = await db
        .select({ passwordHash: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userId, userId))
        .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
        .limit(limits.passwordHistory)
      return rows.map((r) => r.passwordHash)
    },
    /**
     * Sets a new password, clears the temporary flag, the failed-login count and the lock,
     * and keeps the history at its limit: all in one transaction.
     */
    async changePassword(
      userId: number,
      passwordHash: string,
      now: Date,
      options: { isTemporary: boolean; temporaryExpiresAt?: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            passwordHash,
            isTemporaryPassword: options.isTemporary,
            temporaryPasswordExpiresAt: options.isTemporary
              ? (options.temporaryExpiresAt ?? null)
              : null,
            failedAttempts: 0,
            // An unlock (the reset of a locked account) also gives the code tries back.
            mfaFailedAttempts: sql`CASE WHEN ${users.isLocked} THEN 0 ELSE ${users.mfaFailedAttempts} END`,
            isLocked: false,
            passwordChangedAt: now,
          })
          .where(eq(users.id, userId))
        await tx.insert(passwordHistory).values({ userId, passwordHash, createdAt: now })
        const keep = tx
          .select({ id: passwordHistory.id })
          .from(passwordHistory)
          .where(eq(passwordHistory.userId, userId))
          .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
          .limit(limits.passwordHistory)
        const kept = (await keep).map((r) => r.id)
        await tx
          .delete(passwordHistory)
          .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)))
      })
    },
  }
}
