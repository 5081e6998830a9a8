// Reference data the portal needs in every mode (production included): the countries of
// the MFA contact form with their dial prefixes, and each program's customer-service phone
// (spec §1 brand header, the mailing-address lookup). Versioned with the code and loaded at
// every start and by `db:migrate`; bump `referenceDataVersion` when a list changes.
import { programCodes, programOf } from '@portal/contract'
import { sql } from 'drizzle-orm'
import type { Db } from './db-type.ts'
import { countries, mailingAddresses } from './schema.ts'

export const referenceDataVersion = 1

/** In the order the country list shows them; spec §9: United States (1) first. */
export const referenceCountries = [
  { countryName: 'United States', dialPrefix: '1' },
  { countryName: 'Canada', dialPrefix: '1' },
  { countryName: 'Mexico', dialPrefix: '52' },
  { countryName: 'Puerto Rico', dialPrefix: '1' },
  { countryName: 'United Kingdom', dialPrefix: '44' },
  { countryName: 'Ireland', dialPrefix: '353' },
  { countryName: 'Germany', dialPrefix: '49' },
  { countryName: 'France', dialPrefix: '33' },
  { countryName: 'India', dialPrefix: '91' },
  { countryName: 'Philippines', dialPrefix: '63' },
  { countryName: 'Australia', dialPrefix: '61' },
  { countryName: 'Japan', dialPrefix: '81' },
]

/**
 * The phone each program (by back-office code) starts with. An operator sets the real number
 * with `portal-admin set-program-phone`; loading never overwrites a number already stored.
 */
export const initialProgramPhones: Record<string, string> = Object.fromEntries(
  programCodes.map((code, i) => [
    programOf(code).serviceCode,
    `800555${String(100 + i).padStart(4, '0')}`,
  ]),
)

/** Idempotent: countries follow this file; program phones are only added when missing. */
export async function loadReferenceData(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(referenceCountries.map((c, sortOrder) => ({ ...c, sortOrder })))
    .onConflictDoUpdate({
      target: countries.countryName,
      set: { dialPrefix: sql`excluded.dial_prefix`, sortOrder: sql`excluded.sort_order` },
    })
  await db
    .insert(mailingAddresses)
    .values(Object.entries(initialProgramPhones).map(([program, phone]) => ({ program, phone })))
    .onConflictDoNothing()
}
