// What browser tests arrange before a person acts: accounts, staff and data the demo set lacks.
// Reaching into the service is allowed here, and only here (e2e imports @portal/server/testing).
import { eq, inArray } from 'drizzle-orm'
import type { StaffRoleName } from '@portal/contract/console'
import { outboxWriter } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import {
  accountsService,
  type CreateAccountInput,
  type CreateAccountResult,
} from '../modules/accounts/accounts.service.ts'
import { staffService } from '../modules/support/staff.service.ts'
import { auditRepo } from '../store/audit.repo.ts'
import type { Database } from '../store/db.ts'
import { customers, mfaContacts, users } from '../store/schema.ts'

/** A running service's database and clock: what arranging data needs. */
export interface Arrangeable {
  database: Database
  clock: Clock
}

/** A web account on an existing customer, as registration or `portal-admin` makes one. */
export function createAccount(
  { database, clock }: Arrangeable,
  input: CreateAccountInput,
): Promise<CreateAccountResult> {
  return accountsService(database.db, clock).createAccount(input)
}

/**
 * A staff account, as `portal-admin staff create` makes one (audited); its temporary password.
 * By default the account is arranged as one that has already chosen its own password; with
 * `mustChangePassword` it is as new, and the console asks for its own password first (A1).
 */
export async function createStaff(
  { database, clock }: Arrangeable,
  email: string,
  role: StaffRoleName,
  { mustChangePassword = false }: { mustChangePassword?: boolean } = {},
): Promise<string> {
  const { db } = database
  const created = await staffService({
    db,
    audit: auditRepo(db, clock),
    writer: outboxWriter(Buffer.alloc(32), clock),
    clock,
    codeKey: Buffer.alloc(32),
  }).create(email, role, 'operator:e2e', { mustChangePassword })
  if (!created.ok) throw new Error(`staff ${email} exists`)
  return created.temporaryPassword
}

/** Sets (or clears, with null) the email address on file of some accounts. */
export async function setAccountEmail(
  { database }: Pick<Arrangeable, 'database'>,
  usernames: string[],
  email: string | null,
): Promise<void> {
  await database.db.update(users).set({ email }).where(inArray(users.username, usernames))
}

export type NewCustomer = typeof customers.$inferInsert

/** Customer records beyond the demo data's (customers without a web account). */
export async function addCustomers(
  { database }: Pick<Arrangeable, 'database'>,
  rows: NewCustomer[],
): Promise<void> {
  await database.db.insert(customers).values(rows)
}

/**
 * The mobile number on file as never proven by a code (the member always chose email): the
 * next sign-in confirms the details first (RE_ENROLL / UNVERIFIED).
 */
export async function unprovePhone(
  { database }: Pick<Arrangeable, 'database'>,
  username: string,
): Promise<void> {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
  if (!user) throw new Error(`no user ${username}`)
  await database.db
    .update(mfaContacts)
    .set({ phoneVerifiedAt: null })
    .where(eq(mfaContacts.userId, user.id))
}
