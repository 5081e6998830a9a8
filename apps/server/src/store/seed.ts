// Loads the demo data. Idempotent: running it again changes nothing that exists.
import { programOf } from '@portal/contract'
import { hashPassword } from '../lib/passwords.ts'
import type { Db } from './db.ts'
import { inArray } from 'drizzle-orm'
import { customers, mfaContacts, users } from './schema.ts'
import { demoCustomers, demoPassword } from './demo-data.ts'
import { loadReferenceData } from './reference-data.ts'

/** `now` stamps the accounts and their verified contacts: demo data is always current. */
export async function seedDemoData(db: Db, now: Date): Promise<void> {
  await loadReferenceData(db)
  await db
    .insert(customers)
    .values(
      demoCustomers.map((c) => ({
        custnum: c.custnum,
        kprogName: c.kprogName ?? c.program,
        level1org: programOf(c.program).level1Org,
        level2org: c.level2org ?? null,
        cname: c.cname,
        firstName: c.firstName,
        status: c.status ?? 'a',
        custclass: c.custclass ?? null,
        taxId: c.taxId ?? null,
        membershipCd: c.membershipCd ?? c.custnum,
        primaryEmailAddress: c.email,
        emailAddr: c.email,
        phone1: c.phone,
        postalcode: c.postalcode ?? null,
        ccountry: 'US',
      })),
    )
    .onConflictDoNothing()
  const withAccounts = demoCustomers.filter((c) => c.username)
  const passwordHash = await hashPassword(demoPassword)
  await db
    .insert(users)
    .values(
      withAccounts.map((c) => ({
        username: c.username ?? '',
        passwordHash,
        custnum: c.custnum,
        program: c.program,
        email: c.email,
        phone: c.phone,
        passwordChangedAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
  // Demo accounts have verified contact details, so signing in shows the code challenge;
  // a newly registered account starts with none (enrolment).
  const seeded = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        withAccounts.map((c) => c.username ?? ''),
      ),
    )
  const byUsername = new Map(withAccounts.map((c) => [c.username, c]))
  await db
    .insert(mfaContacts)
    .values(
      seeded.map(({ id, username }) => {
        const c = byUsername.get(username)
        const phone = c?.phone ?? ''
        return {
          userId: id,
          typeOfEmailAddress: 'Personal',
          emailAddress: c?.email ?? '',
          typeOfPhoneNumber: 'Personal',
          phoneNumber: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
          countryName: 'United States',
          dialPrefix: '1',
          verifiedAt: now,
          emailVerifiedAt: now,
          phoneVerifiedAt: now,
          updatedAt: now,
        }
      }),
    )
    .onConflictDoNothing()
}
