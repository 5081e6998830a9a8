// What tests read back to check an outcome where no call of the service shows it: an
// account's counters and flags, its contacts and sessions, the outbox, the audit log. Named as
// a tester says them; like arrange.ts, the one place tests may read the tables.
import { asc, desc, eq, gt } from 'drizzle-orm'
import type { Database } from '../store/db.ts'
import {
  auditLog,
  customers,
  incidents,
  knownDevices,
  mfaContacts,
  outbox,
  seenDevices,
  sessions,
  staff,
  users,
  verificationCodes,
} from '../store/schema.ts'

/** The database a read works on: a running test app or portal (`t`, `portal`) will do. */
type On = { database: Database }
type Account = typeof users.$inferSelect

/** An account as stored, or undefined. */
export async function findAccount({ database }: On, username: string) {
  const [row] = await database.db.select().from(users).where(eq(users.username, username))
  return row
}

/** Every account under this exact username: one at most, unless the uniqueness broke. */
export function accountsNamed({ database }: On, username: string) {
  return database.db.select().from(users).where(eq(users.username, username))
}

/** An account as stored (its hashes, counters, flags); throws when there is none. */
export async function accountOf(on: On, username: string): Promise<Account> {
  const row = await findAccount(on, username)
  if (!row) throw new Error(`no user ${username}`)
  return row
}

/** The proven (or not) contacts of an account, or undefined before enrolment. */
export async function contactsOf(on: On, username: string) {
  const { id } = await accountOf(on, username)
  const [row] = await on.database.db.select().from(mfaContacts).where(eq(mfaContacts.userId, id))
  return row
}

/** The sessions of an account (every stage); of every account without `username`. */
export async function sessionsOf(on: On, username?: string) {
  const { db } = on.database
  if (username === undefined) return db.select().from(sessions).orderBy(asc(sessions.createdAt))
  const { id } = await accountOf(on, username)
  return db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(asc(sessions.createdAt))
}

/** The outbox, oldest first, with its delivery state (attempts, sent, failed). */
export function outboxMessages({ database }: On) {
  return database.db.select().from(outbox).orderBy(asc(outbox.id))
}

/** The audit log, oldest first; with `afterId`, only what came after that row. */
export function auditTrail({ database }: On, afterId = 0) {
  return database.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
}

/** The id of the newest audit row (0 for none): where a test's own rows will start after. */
export async function latestAuditId({ database }: On): Promise<number> {
  const [row] = await database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row?.id ?? 0
}

/** The verification codes waiting for an account. */
export async function codesOf(on: On, username: string) {
  const { id } = await accountOf(on, username)
  return on.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, id))
}

/** The hashes of the account's trusted devices, and of the browsers it was seen on. */
export async function devicesOf(on: On, username: string) {
  const { id } = await accountOf(on, username)
  const { db } = on.database
  const [trusted, seen] = await Promise.all([
    db.select().from(knownDevices).where(eq(knownDevices.userId, id)),
    db.select().from(seenDevices).where(eq(seenDevices.userId, id)),
  ])
  return {
    trusted: trusted.map((row) => row.devicePrintHash).sort(),
    seen: seen.map((row) => row.markHash).sort(),
  }
}

/** The support incidents (tickets) opened for an account. */
export async function incidentsOf(on: On, username: string) {
  const { id } = await accountOf(on, username)
  return on.database.db.select().from(incidents).where(eq(incidents.userId, id))
}

/** One support incident by its ticket number (INC…), or undefined. */
export async function incidentByTicket({ database }: On, ticket: string) {
  const [row] = await database.db.select().from(incidents).where(eq(incidents.incidentId, ticket))
  return row
}

/** A staff account as stored, or undefined. */
export async function staffOf({ database }: On, email: string) {
  const [row] = await database.db.select().from(staff).where(eq(staff.email, email))
  return row
}

/** What the desk searches a member by: the account's email and phone, the record's name. */
export async function memberOnRecord({ database }: On, username: string) {
  const [member] = await database.db
    .select({ email: users.email, phone: users.phone, name: customers.cname })
    .from(users)
    .innerJoin(customers, eq(customers.custnum, users.custnum))
    .where(eq(users.username, username))
  return member
}

/** A customer record as stored, or undefined. */
export async function customerOf({ database }: On, custnum: string) {
  const [row] = await database.db.select().from(customers).where(eq(customers.custnum, custnum))
  return row
}
