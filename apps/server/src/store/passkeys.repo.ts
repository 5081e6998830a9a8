// A member's passkeys (issue 23): the public key, the sign counter, the dates shown.
import { and, asc, eq, lt } from 'drizzle-orm'
import type { Db } from './db.ts'
import { passkeys } from './schema.ts'

export type PasskeyRow = typeof passkeys.$inferSelect
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>

/** What may be shown of a passkey (to its owner, to support): never the key itself. */
export interface PasskeySummary {
  id: number
  name: string
  createdAt: Date
  lastUsedAt: Date | null
}

const summary = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
}

export function passkeysRepo(db: Db) {
  return {
    async ofUser(userId: number): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    },
    async summariesOf(userId: number): Promise<PasskeySummary[]> {
      return db
        .select(summary)
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    },
    /** The credential, only when it belongs to `userId` (the user handle of the sign-in). */
    async findOfUser(userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
      return row
    },
    /** False when the credential id is taken already (by this user or another). */
    async add(passkey: NewPasskey): Promise<PasskeySummary | undefined> {
      const [row] = await db
        .insert(passkeys)
        .values(passkey)
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning(summary)
      return row
    },
    /**
     * A passed assertion: the counter moves on. Written only while the stored counter is
     * still below the new one (or both are 0, an authenticator without a counter), so two
     * uses of one assertion cannot both pass.
     */
    async recordUse(id: number, counter: number, now: Date): Promise<boolean> {
      const isCounting = counter > 0
      const rows = await db
        .update(passkeys)
        .set({ counter, lastUsedAt: now })
        .where(
          and(
            eq(passkeys.id, id),
            isCounting ? lt(passkeys.counter, counter) : eq(passkeys.counter, 0),
          ),
        )
        .returning({ id: passkeys.id })
      return rows.length === 1
    },
    /**
     * Every passkey of the member, gone (issue 40, P1): a reset of the second factor or of
     * the password ends the factors added by whoever held the account before.
     */
    async removeAllOf(userId: number): Promise<PasskeySummary[]> {
      return db.delete(passkeys).where(eq(passkeys.userId, userId)).returning(summary)
    },
    async remove(userId: number, id: number): Promise<PasskeySummary | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning(summary)
      return row
    },
  }
}
