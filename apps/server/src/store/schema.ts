// Tables of the login service. Column names are snake_case in the database; the customer
// record keeps the field names of spec §3 in TypeScript.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

export const customers = pgTable(
  'customers',
  {
    custnum: text().primaryKey(),
    kprogName: text().notNull(),
    externalRef: text(),
    website: text(),
    languageCode: text(),
    taxId: text(),
    emailAddr: text(),
    creditIndicator: text(),
    rectype: text(),
    salutation: text(),
    latenotice: text(),
    statements: text(),
    resp1: text(),
    resp2: text(),
    resp3: text(),
    resp4: text(),
    resp5: text(),
    resp6: text(),
    regioncode: text(),
    siccode: text(),
    areacode: text(),
    segmentcode: text(),
    custclass: text(),
    phone1: text(),
    phone2: text(),
    phone3: text(),
    phone3desc: text(),
    contact1: text(),
    contact2: text(),
    ccountry: text(),
    postalcode: text(),
    cstate: text(),
    ccity: text(),
    caddr1: text(),
    caddr2: text(),
    cname: text(),
    mastercustnum: text(),
    status: text(),
    level2org: text(),
    level1org: text().notNull(),
    membershipCd: text(),
    firstName: text(),
    primaryEmailAddress: text(),
    emailaddrcc: text(),
  },
  (t) => [index('customers_membership_cd_idx').on(t.membershipCd)],
)

export const mailingAddresses = pgTable('mailing_addresses', {
  /** The back-office program code (augustar is kept as onl). */
  program: text().primaryKey(),
  phone: text().notNull(),
})

export const countries = pgTable('countries', {
  countryName: text().primaryKey(),
  dialPrefix: text().notNull(),
  sortOrder: integer().notNull(),
})

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    // Usernames are case-sensitive (spec §5): a plain unique text column is exactly that.
    username: text().notNull().unique(),
    passwordHash: text().notNull(),
    custnum: text()
      .notNull()
      .references(() => customers.custnum),
    program: text().notNull(),
    email: text(),
    phone: text(),
    isTemporaryPassword: boolean().notNull().default(false),
    failedAttempts: integer().notNull().default(0),
    isLocked: boolean().notNull().default(false),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_custnum_idx').on(t.custnum)],
)

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session id: a copy of this table does not yield live sessions. */
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program: text().notNull(),
    stage: text().notNull(),
    data: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    event: text().notNull(),
    userId: integer(),
    username: text(),
    clientIp: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.at)],
)
