// Tables of the login service. Column names are snake_case in the database; the customer
// record keeps the field names of spec §3 in TypeScript.
import { sql } from 'drizzle-orm'
import type { Locale } from '@portal/contract'
import {
  bigint,
  boolean,
  check,
  date,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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

/**
 * The form of a username that two spellings differing only in case share (issue 32, row E1):
 * A-Z lowered, nothing else, whatever the database's locale. The unique index and every
 * lookup by username use this one expression, so the lookups are served by the index; the
 * service folds the name it compares with by lib/usernames.ts usernameKey, which is the same
 * fold.
 */
export const usernameKeyOf = (username: AnyPgColumn) => sql`lower(${username} COLLATE "C")`

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    // As the member typed it at registration: the spelling hand-offs and messages carry. Spec
    // §5 calls usernames case-sensitive, but a name that matched an account only in its own
    // case told a guesser which names exist (issue 32, row E1): they are compared in any
    // case, and unique in any case (users_username_key_unique, migration 0009).
    username: text().notNull(),
    passwordHash: text().notNull(),
    // One web account per customer (spec §6: registration is refused when one exists).
    custnum: text()
      .notNull()
      .unique()
      .references(() => customers.custnum),
    program: text().notNull(),
    email: text(),
    phone: text(),
    isTemporaryPassword: boolean().notNull().default(false),
    failedAttempts: integer().notNull().default(0),
    /** Wrong verification codes since the last passed one, whatever new codes came between. */
    mfaFailedAttempts: integer().notNull().default(0),
    isLocked: boolean().notNull().default(false),
    /** Disabled by the support desk (fraud, death, dispute): signs in as a locked account would. */
    isDisabled: boolean().notNull().default(false),
    /** A temporary password is refused after this (TEMP_PASSWORD_TTL_HOURS). */
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    /**
     * A temporary password asked for by recovery, beside the current one (issue 32, M4): the
     * first of the two to be used wins. One sign-in, expiring by its channel.
     */
    pendingPasswordHash: text(),
    pendingPasswordExpiresAt: timestamp({ withTimezone: true }),
    pendingPasswordChannel: text().$type<'email' | 'sms'>(),
    /**
     * Set when a temporary password is used: the codes go by the other channel until one
     * passes there (M9, issue 40). `recoveredAt` says when (for the record, not a deadline).
     */
    recoveredVia: text().$type<'email' | 'sms'>(),
    recoveredAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The language the member last used the portal in (issue 24): what the outbox writes in. */
    locale: text().$type<Locale>().notNull().default('en-US'),
  },
  (t) => [
    uniqueIndex('users_username_key_unique').on(usernameKeyOf(t.username)),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_phone_idx').on(t.phone),
    check('users_locale_check', sql`${t.locale} IN ('en-US', 'es-US')`),
  ],
)

/** Verification contact details of spec §3 "MFA model", and how far they are trusted. */
export const mfaContacts = pgTable('mfa_contacts', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  typeOfEmailAddress: text().notNull(),
  emailAddress: text().notNull(),
  typeOfPhoneNumber: text().notNull(),
  /** xxx-xxx-xxxx */
  phoneNumber: text().notNull(),
  countryName: text().notNull(),
  dialPrefix: text().notNull(),
  /** Null until a code sent to these details has been entered. */
  verifiedAt: timestamp({ withTimezone: true }),
  /** Each contact is proven on its own: by a code sent to that address or number. */
  emailVerifiedAt: timestamp({ withTimezone: true }),
  phoneVerifiedAt: timestamp({ withTimezone: true }),
  /** Set when a locked account is unlocked by a password reset: confirm details again. */
  isReconfirmationRequired: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
})

/** One-time codes, stored hashed; a new code replaces the user's previous one. */
export const verificationCodes = pgTable('verification_codes', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  deliveryMethod: text().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** When it passed: used when not before createdAt (a release that overwrites only createdAt). */
  usedAt: timestamp({ withTimezone: true }),
})

/** Devices (a hash of the device print) on which a user passed the second factor. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    devicePrintHash: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.devicePrintHash] })],
)

/**
 * Browsers on which a member passed a second factor (issue 40, new-device notice): the keyed
 * hash of the mark their device cookie carries, trusted or not. A pass on a browser not here
 * is news to the member's contacts. Apart from known_devices: being seen skips no code.
 */
export const seenDevices = pgTable(
  'seen_devices',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    markHash: text().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.markHash] })],
)

/**
 * Passkeys (WebAuthn credentials, issue 23): the public key only, nothing secret. The sign
 * counter is checked at each use; the credential id is the authenticator's, unique.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/** Support incidents; the ticket number is what the support screen shows. */
export const incidents = pgTable(
  'incidents',
  {
    id: serial().primaryKey(),
    incidentId: text().notNull().unique(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** 'open' until support resolves it (issue 15). */
    status: text().$type<IncidentStatus>().notNull().default('open'),
    resolvedAt: timestamp({ withTimezone: true }),
    /** The actor who resolved it (see auditLog.actor). */
    resolvedBy: text(),
    resolution: text(),
  },
  (t) => [
    index('incidents_user_idx').on(t.userId),
    index('incidents_status_idx').on(t.status, t.createdAt),
    // The console's list of all incidents, newest first (decision 0016).
    index('incidents_created_idx').on(t.createdAt, t.id),
  ],
)

export type IncidentStatus = 'open' | 'resolved'

/**
 * The durable outbox: a message is written in the same transaction as the change it
 * reports, and a worker delivers it. The body is sealed (it may carry a temporary password
 * or a code) and, outside demo mode, blanked once delivered.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial().primaryKey(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    sealedBody: text().notNull(),
    template: text().notNull(),
    program: text(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    /** The request that wrote it (x-request-id), for support. */
    requestId: text(),
    /** Not sent after this (a verification code past its lifetime); null = no limit. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Retention: finished messages older than OUTBOX_RETENTION_DAYS (decision 0016).
    index('outbox_created_idx').on(t.createdAt),
  ],
)

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
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
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    event: text().notNull(),
    userId: integer(),
    username: text(),
    clientIp: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
    /** Who acted for someone else: 'operator:NAME' (the CLI) or 'staff:EMAIL' (the console). */
    actor: text(),
    /** Why, as the actor gave it. */
    reason: text(),
    /** The request that caused it (x-request-id), for support. */
    requestId: text(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.at),
    // Also serves the search for a failure's reference (request id) within its time (README).
    index('audit_log_at_idx').on(t.at),
    // No index on request_id: every audit row would write one, for an operator's rare search
    // that names only a prefix (migration 0017).
  ],
)

/**
 * Policy terms, imported by the operator from CSV (portal-admin import-policy-terms); the
 * current term is the one whose dates include today (decision 0008, findCurrentTerm).
 */
export const policyTerms = pgTable(
  'policy_terms',
  {
    policyNumber: text().notNull(),
    /** YYYY-MM-DD; the term includes both days. */
    termStart: date().notNull(),
    termEnd: date().notNull(),
    custnum: text()
      .notNull()
      .references(() => customers.custnum, { onDelete: 'cascade' }),
    prgName: text().notNull(),
    importedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.policyNumber, t.termStart] }),
    check('policy_terms_term_order_check', sql`${t.termEnd} >= ${t.termStart}`),
    index('policy_terms_custnum_idx').on(t.custnum, t.termStart),
  ],
)

// Tables kept in files of their own, part of this schema: the support desk's staff (issue 15)
// and the OpenID Provider's (issue 44).
export * from './schema-staff.ts'
export * from './schema-oidc.ts'
