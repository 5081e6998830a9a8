// The support desk's staff and their console sessions (issue 15). Part of the one schema:
// schema.ts re-exports them.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export type StaffRole = 'agent' | 'admin'

/** Support-desk staff (issue 15): not members, and never signed in through members' calls. */
export const staff = pgTable('staff', {
  id: serial().primaryKey(),
  /** Stored lower-case: one account per address. */
  email: text().notNull().unique(),
  role: text().$type<StaffRole>().notNull(),
  passwordHash: text().notNull(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  createdBy: text().notNull(),
  /** Created or reset by someone else: the console asks for their own password first (A1). */
  mustChangePassword: boolean().notNull().default(false),
})

/** Console sessions: their own table and cookie, so a member's session id means nothing here. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the session id, as for members' sessions. */
    idHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** 'code_pending' after the password, 'signed_in' after the emailed code. */
    stage: text().$type<'code_pending' | 'signed_in'>().notNull(),
    codeHash: text(),
    codeAttempts: integer().notNull().default(0),
    codeExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)
