// Loads the demo data. Idempotent: running it again changes nothing that exists.
import { programOf } from '@portal/contract'
import { hashPassword } from '../lib/passwords.ts'
import type { Db } from './db.ts'
import { inArray } from 'drizzle-orm'
import { countries, customers, mailingAddresses, mfaContacts, users } from './schema.ts'
import { demoCountries, demoCustomers, demoMailingPhones, demoPassword } from './demo-data.ts'

export async function seedDemoData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(demoCountries.map((c, sortOrder) => ({ ...c, sortOrder })))
    .onConflictDoNothing()
  await db
    .insert(mailingAddresses)
    .values(Object.entries(demoMailingPhones).map(([program, phone]) => ({ program, phone })))
    .onConflictDoNothing()
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
          verifiedAt: new Date('2026-01-01T00:00:00Z'),
          emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
          phoneVerifiedAt: new Date('2026-01-01T00:00:00Z'),
        }
      }),
    )
    .onConflictDoNothing()
}
