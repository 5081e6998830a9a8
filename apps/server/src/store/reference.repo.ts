// Reference data that changes only by import or seeding: countries and the programs'
// customer-service phones. Read through a short in-process cache, so the header and the
// country list cost no query on most requests; a change shows within a minute everywhere.
import { asc } from 'drizzle-orm'
import { findProgram, type Country } from '@portal/contract'
import type { Db } from './db.ts'
import { countries, mailingAddresses } from './schema.ts'

const ttlMs = 60_000

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined
  let loadedAt = 0
  return () => {
    if (!value || performance.now() - loadedAt > ttlMs) {
      loadedAt = performance.now()
      value = load().catch((error: unknown) => {
        value = undefined
        throw error
      })
    }
    return value
  }
}

export function referenceRepo(db: Db) {
  const allCountries = cached(() =>
    db
      .select({ countryName: countries.countryName, dialPrefix: countries.dialPrefix })
      .from(countries)
      .orderBy(asc(countries.sortOrder)),
  )
  const phones = cached(async () => {
    const rows = await db.select().from(mailingAddresses)
    return new Map(rows.map((r) => [r.program, r.phone]))
  })
  return {
    countries: (): Promise<Country[]> => allCountries(),
    async dialPrefixOf(countryName: string): Promise<string | undefined> {
      return (await allCountries()).find((c) => c.countryName === countryName)?.dialPrefix
    },
    /** The customer-service phone of a program (augustar is kept under its alias onl). */
    async phoneOf(program: string): Promise<string | undefined> {
      const code = findProgram(program)?.serviceCode
      return code ? (await phones()).get(code) : undefined
    },
  }
}
