import { and, desc, eq, gte, lt, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { limits, type Locale } from '@portal/contract'
import { usernameKey } from '../lib/usernames.ts'
import { prepared, type Db } from './db.ts'
import type { CustomerRow } from './customers.repo.ts'
import { customers, passwordHistory, users, usernameKeyOf } from './schema.ts'

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert

/**
 * The user as a session reads them at every call: what the member's calls read of the
 * account (typecheck names them), and nothing else. Not the two password hashes, which only
 * a password check reads, from its own statement (defence in depth: a member passed around,
 * logged by mistake or kept in an error carries no hash); nor the counts, dates and
 * temporary-password columns, which the statements that use them read or test themselves.
 * Every column read is paid at every call of a sign-in: pg builds a parser per column of each
 * result, and Drizzle maps each value (issue 45: about 45 columns were 9% of its event loop).
 */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  custnum: users.custnum,
  program: users.program,
  email: users.email,
  phone: users.phone,
  /** The guard's check of a lock or a disable since the sign-in (issue 40, S1). */
  isLocked: users.isLocked,
  isDisabled: users.isDisabled,
  recoveredVia: users.recoveredVia,
  locale: users.locale,
}
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>

/**
 * What the sign-in steps read of the customer record: the program rules' facts, the
 * association, the greeting and the lookup's program-only answer. A handful of its forty
 * columns: every column read costs time on each step (most of all on the embedded PGlite).
 */
export const signInCustomerColumns = {
  custnum: customers.custnum,
  kprogName: customers.kprogName,
  level1org: customers.level1org,
  level2org: customers.level2org,
  status: customers.status,
  custclass: customers.custclass,
  taxId: customers.taxId,
  membershipCd: customers.membershipCd,
  firstName: customers.firstName,
}
export type SignInCustomer = Pick<CustomerRow, keyof typeof signInCustomerColumns>

/** A user and what the sign-in reads of their customer record (none when it is missing). */
export interface UserWithCustomer<User extends SessionUser = UserRow> {
  user: User
  customer: SignInCustomer | undefined
}

/**
 * The account a username names, in any case (issue 32, row E1), on the unique index of
 * usernames in any case. `key` is a name folded by usernameKey, or a placeholder for one.
 */
export const usernameIs = (key: string | Placeholder) => eq(usernameKeyOf(users.username), key)

export function usersRepo(db: Db) {
  return {
    /**
     * Inserts the user and the first entry of their password history; the id. A taken
     * username or customer number fails on the unique constraint (the caller reads which).
     */
    async create(user: NewUserRow): Promise<number> {
      const [row] = await db.insert(users).values(user).returning({ id: users.id })
      if (!row) throw new Error('insert returned no row')
      await db
        .insert(passwordHistory)
        .values({ userId: row.id, passwordHash: user.passwordHash, createdAt: user.createdAt })
      return row.id
    },
    /**
     * The language the member uses the portal in (issue 24), when the request names one and
     * it is not the one kept: what the outbox writes the member's messages in from now on.
     */
    async rememberLocale(user: Pick<UserRow, 'id' | 'locale'>, locale: Locale | null) {
      if (!locale || locale === user.locale) return
      await db.update(users).set({ locale }).where(eq(users.id, user.id))
    },
    /** The account of this username, typed in any case. */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(usernameIs(usernameKey(username)))
      return row
    },
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await prepared(db, 'users_by_id', (name) =>
        db
          .select()
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .prepare(name),
      ).execute({ id })
      return row
    },
    /**
     * The user of this username, typed in any case, and their customer record in one query
     * (the sign-in reads both at each step).
     */
    async findWithCustomerByUsername(username: string): Promise<UserWithCustomer | undefined> {
      const statement = prepared(db, 'users_with_customer_by_username_key', (name) =>
        withCustomer(db, users, usernameIs(sql.placeholder('key'))).prepare(name),
      )
      return userWithCustomer(await statement.execute({ key: usernameKey(username) }))
    },
    /** A session's member, as the session's own read gives it: no password hash. */
    async findMemberById(id: number): Promise<UserWithCustomer<SessionUser> | undefined> {
      const statement = prepared(db, 'member_with_customer_by_id', (name) =>
        withCustomer(db, sessionUserColumns, eq(users.id, sql.placeholder('id'))).prepare(name),
      )
      return userWithCustomer(await statement.execute({ id }))
    },
    /**
     * Counts a wrong password and locks at the limit, in one statement: parallel wrong
     * passwords are serialised by the row lock and leave the state sequential ones would.
     * Returns undefined when the account was already locked.
     */
    async recordFailedLogin(id: number, lockAt: number) {
      const [row] = await db
        .update(users)
        .set({
          failedAttempts: sql`${users.failedAttempts} + 1`,
          isLocked: sql`${users.failedAttempts} + 1 >= ${lockAt}`,
        })
        .where(and(eq(users.id, id), eq(users.isLocked, false)))
        .returning({ failedAttempts: users.failedAttempts, isLocked: users.isLocked })
      return row
    },
    /**
     * Locks the account for spent code tries (a password reset unlocks it), decided on the
     * count as it stands (issue 40, K1): only while it is still at `maxAttempts`, so a factor
     * passed since the last try was spent (which cleared the count) wins. True when it locked.
     */
    async lockWhileCodeTriesSpent(id: number, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ isLocked: true })
        .where(
          and(
            eq(users.id, id),
            eq(users.isLocked, false),
            gte(users.mfaFailedAttempts, maxAttempts),
          ),
        )
        .returning({ id: users.id })
      return rows.length === 1
    },
    /**
     * Spends one of the user's verification-code tries, atomically, before the code is
     * looked at: parallel guesses cannot get more than the limit between them, and a new
     * code does not give new tries (NIST SP 800-63B-4 §3.1.3.2). Undefined when the account
     * is locked or no try is left.
     */
    async spendCodeAttempt(id: number, maxAttempts: number) {
      const [row] = await db
        .update(users)
        .set({ mfaFailedAttempts: sql`${users.mfaFailedAttempts} + 1` })
        .where(
          and(
            eq(users.id, id),
            eq(users.isLocked, false),
            lt(users.mfaFailedAttempts, maxAttempts),
          ),
        )
        .returning({ mfaFailedAttempts: users.mfaFailedAttempts })
      return row
    },
    /**
     * Gives back a try spent on the right code, already used (issue 40, K1: the parallel
     * copies of the try that passed). Answers the count left, undefined when locked.
     */
    async refundCodeAttempt(id: number) {
      const [row] = await db
        .update(users)
        .set({ mfaFailedAttempts: sql`greatest(${users.mfaFailedAttempts} - 1, 0)` })
        .where(and(eq(users.id, id), eq(users.isLocked, false)))
        .returning({ mfaFailedAttempts: users.mfaFailedAttempts })
      return row
    },
    /** A passed code: the count of wrong ones starts again. */
    async clearCodeAttempts(id: number): Promise<void> {
      await db.update(users).set({ mfaFailedAttempts: 0 }).where(eq(users.id, id))
    },
    /**
     * A code passed on the other channel than the recovery's `via` (issue 40, M9): codes may
     * go to either again. Only while `via` is still the recovery's: a newer one stands.
     */
    async endRecoveryRestriction(id: number, via: 'email' | 'sms'): Promise<void> {
      await db
        .update(users)
        .set({ recoveredVia: null })
        .where(and(eq(users.id, id), eq(users.recoveredVia, via)))
    },
    /**
     * The same password hashed again with stronger parameters (lib/passwords.ts, rehash on
     * sign-in): written only while the stored hash is still `from`, so a password change or
     * another rehash meanwhile wins. Not a password change: its date and history stay.
     */
    async replacePasswordHash(userId: number, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash: to })
        .where(and(eq(users.id, userId), eq(users.passwordHash, from)))
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
     * Keeps a temporary password beside the current one (issue 32, M4): the current one
     * still works, and the first of the two to be used wins. A newer one replaces it.
     */
    async setPendingPassword(
      userId: number,
      pending: { hash: string; expiresAt: Date; channel: 'email' | 'sms' },
    ): Promise<void> {
      await db
        .update(users)
        .set({
          pendingPasswordHash: pending.hash,
          pendingPasswordExpiresAt: pending.expiresAt,
          pendingPasswordChannel: pending.channel,
        })
        .where(eq(users.id, userId))
    },
    /** The current password was used first: a temporary one waiting beside it is void. */
    async voidPendingPassword(userId: number): Promise<void> {
      await db
        .update(users)
        .set({
          pendingPasswordHash: null,
          pendingPasswordExpiresAt: null,
          pendingPasswordChannel: null,
        })
        .where(eq(users.id, userId))
    },
    /**
     * Spends the temporary password `hash` (it was just verified): it becomes the account's
     * password for this one sign-in, already expired so that it signs in no second time, the
     * current password is void, the account unlocked, and the channel it went by remembered.
     * Only while `hash` is still the one waiting: of two parallel uses, one wins. Returns
     * whether the account was locked, or undefined when another use (or a newer one) won.
     */
    async usePendingPassword(userId: number, hash: string, now: Date) {
      const [row] = await db
        .update(users)
        .set({
          recoveredVia: sql`${users.pendingPasswordChannel}`,
          recoveredAt: now,
          pendingPasswordHash: null,
          pendingPasswordExpiresAt: null,
          pendingPasswordChannel: null,
        })
        // A member disabled since the read gets nothing from it (issue 40, S1).
        .where(
          and(
            eq(users.id, userId),
            eq(users.pendingPasswordHash, hash),
            eq(users.isDisabled, false),
          ),
        )
        .returning({ recoveredVia: users.recoveredVia })
      return row
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
            // A new password voids a temporary one still waiting (issue 32, M4).
            pendingPasswordHash: null,
            pendingPasswordExpiresAt: null,
            pendingPasswordChannel: null,
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

/** The user (`user`: all their columns, or the session's) with their customer record. */
function withCustomer<User extends typeof users | typeof sessionUserColumns>(
  db: Db,
  user: User,
  where: SQL,
) {
  return db
    .select({ user, customer: signInCustomerColumns })
    .from(users)
    .leftJoin(customers, eq(customers.custnum, users.custnum))
    .where(where)
}

export function userWithCustomer<User extends SessionUser>(
  rows: { user: User; customer: SignInCustomer | null }[],
): UserWithCustomer<User> | undefined {
  const [row] = rows
  return row && { user: row.user, customer: row.customer ?? undefined }
}
