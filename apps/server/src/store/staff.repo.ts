import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Db } from './db.ts'
import { staff, staffSessions, type StaffRole } from './schema.ts'

export type StaffRow = typeof staff.$inferSelect
export type StaffSessionRow = typeof staffSessions.$inferSelect

export function staffRepo(db: Db) {
  return {
    async byEmail(email: string): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(staff).where(eq(staff.email, email.toLowerCase()))
      return row
    },
    async byId(id: number): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id))
      return row
    },
    async list(): Promise<StaffRow[]> {
      return db.select().from(staff).orderBy(asc(staff.email))
    },
    /** Undefined when the address is taken (the unique constraint decides). */
    async insert(values: {
      email: string
      role: StaffRole
      passwordHash: string
      createdAt: Date
      createdBy: string
      mustChangePassword?: boolean
    }): Promise<StaffRow | undefined> {
      const [row] = await db
        .insert(staff)
        .values({ ...values, email: values.email.toLowerCase() })
        .onConflictDoNothing()
        .returning()
      return row
    },
    async setActive(id: number, isActive: boolean): Promise<void> {
      await db.update(staff).set({ isActive }).where(eq(staff.id, id))
      if (!isActive) await db.delete(staffSessions).where(eq(staffSessions.staffId, id))
    },

    /**
     * A new password hash; `mustChangePassword` when someone else chose it. Every console
     * session of the account ends.
     */
    async setPassword(id: number, passwordHash: string, mustChangePassword: boolean) {
      await db.update(staff).set({ passwordHash, mustChangePassword }).where(eq(staff.id, id))
      await db.delete(staffSessions).where(eq(staffSessions.staffId, id))
    },

    async findSession(idHash: string): Promise<StaffSessionRow | undefined> {
      const [row] = await db.select().from(staffSessions).where(eq(staffSessions.idHash, idHash))
      return row
    },
    async insertSession(row: typeof staffSessions.$inferInsert): Promise<void> {
      await db.insert(staffSessions).values(row)
    },
    async touchSession(idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db
        .update(staffSessions)
        .set({ lastSeenAt, expiresAt })
        .where(eq(staffSessions.idHash, idHash))
    },
    async removeSession(idHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash))
    },
    async removeExpired(now: Date): Promise<void> {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now))
    },
    /**
     * Spends one try at the emailed code, atomically (parallel guesses cannot get more than
     * the limit between them). Undefined when there is no pending code or no try left.
     */
    async spendCodeAttempt(
      idHash: string,
      maxAttempts: number,
    ): Promise<StaffSessionRow | undefined> {
      const [row] = await db
        .update(staffSessions)
        .set({ codeAttempts: sql`${staffSessions.codeAttempts} + 1` })
        .where(
          and(
            eq(staffSessions.idHash, idHash),
            eq(staffSessions.stage, 'code_pending'),
            lt(staffSessions.codeAttempts, maxAttempts),
          ),
        )
        .returning()
      return row
    },
  }
}
