// What tests arrange before a person acts (accounts, staff, data the demo set lacks, a state the
// service would take days or many calls to reach), named as a tester says them; read-back.ts
// has what they read back. Reaching into the store is allowed here, and only here: browser
// tests import @portal/server/testing, API tests test/harness.ts, neither the tables.
import { eq, inArray } from 'drizzle-orm'
import type { Locale } from '@portal/contract'
import type { StaffRoleName } from '@portal/contract/console'
import { outboxWriter } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import {
  accountsService,
  type CreateAccountInput,
  type CreateAccountResult,
} from '../modules/accounts/accounts.service.ts'
import { staffService } from '../modules/support/staff.service.ts'
import { oidcAdmin } from '../modules/oidc/oidc-admin.ts'
import { deriveKey } from '../lib/crypto.ts'
import { oidcRepo } from '../store/oidc.repo.ts'
import { auditRepo } from '../store/audit.repo.ts'
import { storeOf } from '../store/index.ts'
import { sessionsRepo } from '../store/sessions.repo.ts'
import { usersRepo } from '../store/users.repo.ts'
import type { Database } from '../store/db.ts'
import { hashPassword } from '../lib/passwords.ts'
import {
  auditLog,
  customers,
  knownDevices,
  mfaContacts,
  outbox,
  seenDevices,
  sessions,
  users,
  verificationCodes,
} from '../store/schema.ts'
import { accountOf } from './read-back.ts'

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
  return accountsService({ store: storeOf(database.db, { clock }), clock }).createAccount(input)
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
    store: storeOf(db, { clock }),
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
export const unprovePhone = (on: On, username: string) =>
  changeContacts(on, username, { phoneVerifiedAt: null })

/** The database a verb works on: a running test app or portal (`t`, `portal`) will do. */
type On = Pick<Arrangeable, 'database'>
type AccountChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'username' | 'custnum'>>

async function changeAccount({ database }: On, username: string, changes: AccountChanges) {
  const changed = await database.db
    .update(users)
    .set(changes)
    .where(eq(users.username, username))
    .returning({ id: users.id })
  if (changed.length === 0) throw new Error(`no user ${username}`)
}

// ---- the account

/** Wrong passwords since the last sign-in; with `isLocked`, the lock they led to or not. */
export const setFailedSignIns = (
  on: On,
  username: string,
  failedAttempts: number,
  { isLocked = false }: { isLocked?: boolean } = {},
) => changeAccount(on, username, { failedAttempts, isLocked })

/** Wrong verification codes since the last passed one. */
export const setFailedCodes = (on: On, username: string, mfaFailedAttempts: number) =>
  changeAccount(on, username, { mfaFailedAttempts })

/** The language the member's messages are written in (kept from their last visit). */
export const setMemberLocale = (on: On, username: string, locale: Locale) =>
  changeAccount(on, username, { locale })

/** Disables an account as the support desk does (fraud, death, dispute); `false` enables it. */
export const disableAccount = (on: On, username: string, isDisabled = true) =>
  changeAccount(on, username, { isDisabled })

/** The password on file becomes a temporary one: the next sign-in must choose its own. */
export const makePasswordTemporary = (on: On, username: string) =>
  changeAccount(on, username, { isTemporaryPassword: true })

/** Gives an account `password`, hashed as the service hashes it today. */
export const setPassword = async (on: On, username: string, password: string) =>
  changeAccount(on, username, { passwordHash: await hashPassword(password) })

/** Stores this very hash as the account's password (an older algorithm, a legacy import). */
export const setPasswordHash = (on: On, username: string, passwordHash: string) =>
  changeAccount(on, username, { passwordHash })

/** Sets (or clears, with null) the mobile number on the account itself. */
export const setAccountPhone = (on: On, username: string, phone: string | null) =>
  changeAccount(on, username, { phone })

/**
 * What a password reset does (support desk, recovery): a new password, temporary unless said
 * otherwise, which also unlocks the account.
 */
export async function resetPassword(
  on: Arrangeable,
  username: string,
  password: string,
  { isTemporary = true }: { isTemporary?: boolean } = {},
): Promise<void> {
  const { id } = await accountOf(on, username)
  await usersRepo(on.database.db).changePassword(id, await hashPassword(password), on.clock.now(), {
    isTemporary,
  })
}

/** The member's own change of password (updateuser): the new hash, and every session ended. */
export async function changeOwnPassword(
  on: Arrangeable,
  username: string,
  passwordHash: string,
): Promise<void> {
  const { id } = await accountOf(on, username)
  await on.database.db.transaction(async (tx) => {
    await usersRepo(tx).changePassword(id, passwordHash, on.clock.now(), { isTemporary: false })
    await sessionsRepo(tx).removeAllOf(id)
  })
}

/**
 * How the rehash after a sign-in stores its new hash: only over the hash it verified against
 * (false when the password changed meanwhile). For racing it with a change.
 */
export const rehashStore =
  ({ database }: On) =>
  (userId: number, from: string, to: string): Promise<boolean> =>
    usersRepo(database.db).replacePasswordHash(userId, from, to)

// ---- the proven contacts (mfa_contacts)

async function changeContacts(
  on: On,
  username: string,
  changes: Partial<typeof mfaContacts.$inferInsert>,
) {
  const { id } = await accountOf(on, username)
  await on.database.db.update(mfaContacts).set(changes).where(eq(mfaContacts.userId, id))
}

/** Every contact on file as never proven: the next sign-in confirms the details (UNVERIFIED). */
export const unproveContacts = (on: On, username: string) =>
  changeContacts(on, username, { verifiedAt: null, emailVerifiedAt: null, phoneVerifiedAt: null })

/** The email address the codes go to, changed behind the member's back (proofs kept). */
export const setContactEmail = (on: On, username: string, emailAddress: string) =>
  changeContacts(on, username, { emailAddress })

/**
 * A new code as the previous release writes one (decision 0024): its hash and created_at
 * overwritten, used_at, which it does not know, left as it was.
 */
export async function replaceCodeAsPreviousRelease(
  on: On,
  username: string,
  codeHash: string,
  createdAt: Date,
): Promise<void> {
  const { id } = await accountOf(on, username)
  await on.database.db
    .update(verificationCodes)
    .set({ codeHash, createdAt })
    .where(eq(verificationCodes.userId, id))
}

// ---- customers and devices

/** A customer record's phone numbers gone (a later import left none). */
export async function removeCustomerPhones({ database }: On, custnum: string): Promise<void> {
  await database.db
    .update(customers)
    .set({ phone1: null, phone2: null, phone3: null })
    .where(eq(customers.custnum, custnum))
}

/**
 * A device trusted the old way (before the device cookie): by the keyed hash of its print,
 * `verifiedAt` when the member chose to remember it. Returns the account's id.
 */
export async function trustDeviceByPrint(
  on: On,
  username: string,
  devicePrintHash: string,
  verifiedAt: Date,
): Promise<number> {
  const { id } = await accountOf(on, username)
  await on.database.db.insert(knownDevices).values({ userId: id, devicePrintHash, verifiedAt })
  return id
}

/** A browser on which the account passed a factor at `seenAt`, by the hash of its mark. */
export async function seeBrowser(
  on: On,
  username: string,
  markHash: string,
  seenAt: Date,
): Promise<void> {
  const { id } = await accountOf(on, username)
  await on.database.db.insert(seenDevices).values({ userId: id, markHash, seenAt })
}

/** Forgets every message in the outbox, sent or not. */
export async function emptyOutbox({ database }: On): Promise<void> {
  await database.db.delete(outbox)
}

// ---- rows of another day, for the retention sweep

/** Sessions of an account started a day before `now`, each ending at its `expiresAt`. */
export async function addSessions(
  on: On,
  username: string,
  started: Date,
  rows: { idHash: string; expiresAt: Date }[],
): Promise<void> {
  const { id, program } = await accountOf(on, username)
  await on.database.db.insert(sessions).values(
    rows.map(({ idHash, expiresAt }) => ({
      idHash,
      userId: id,
      program,
      stage: 'authenticated',
      createdAt: started,
      lastSeenAt: started,
      expiresAt,
    })),
  )
}

/** Emails in the outbox (a username reminder, body already wiped), each in its state since `at`. */
export async function addMessages(
  { database }: On,
  rows: { recipient: string; status: 'pending' | 'sent'; at: Date }[],
): Promise<void> {
  await database.db.insert(outbox).values(
    rows.map(({ recipient, status, at }) => ({
      channel: 'email',
      recipient,
      template: 'username',
      sealedBody: '',
      status,
      createdAt: at,
      nextAttemptAt: at,
    })),
  )
}

/** Logouts in the audit log, by `username` at `at`. */
export async function addLogouts(
  { database }: On,
  rows: { username: string; at: Date }[],
): Promise<void> {
  await database.db
    .insert(auditLog)
    .values(rows.map(({ username, at }) => ({ event: 'logout' as const, username, at })))
}

/**
 * What `portal-admin oidc-site` and `oidc-keys` do (issue 44): register program sites, rotate and
 * retire the provider's signing keys, as an operator named `operator:test`.
 */
export function openIdAdmin(
  on: Arrangeable,
  { issuer, sessionSecret, sitesMayBeLocal }: OpenIdSettings,
) {
  return oidcAdmin({
    repo: oidcRepo(on.database.db, on.clock),
    clock: on.clock,
    issuer,
    sealKey: deriveKey(sessionSecret, 'oidc-signing-keys'),
    record: auditRepo(on.database.db, on.clock).record,
    actor: 'operator:test',
    sitesMayBeLocal,
  })
}
interface OpenIdSettings {
  issuer: string
  sessionSecret: string
  /** As in demo mode: a site on this machine may be on http (demo/main-site-oidc.ts). */
  sitesMayBeLocal?: boolean
}
