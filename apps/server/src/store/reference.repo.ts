// Reference data that changes only by import or seeding: countries and the programs'
// customer-service phones. Read through a short in-process cache, so the header and the
// country list cost no query on most requests; a change shows within a minute everywhere.
import { asc } from 'drizzle-orm'
import { findProgram, type Country } from '@portal/contract'
import type { Db } from './db.ts'
import { countries, mailingAddresses } from './schema.ts'

const ttlMs = 60_000

interface Cached<T> {
  (): Promise<T>
  /** The value when it is loaded and fresh, without waiting; undefined otherwise. */
  now(): T | undefined
}

function cached<T>(load: () => Promise<T>): Cached<T> {
  let value: Promise<T> | undefined
  let loaded: { value: T } | undefined
  let loadedAt = 0
  const isFresh = () => performance.now() - loadedAt <= ttlMs
  const get = () => {
    if (!value || !isFresh()) {
      loadedAt = performance.now()
      loaded = undefined
      const loading: Promise<T> = load().then(
        (result) => {
          if (value === loading) loaded = { value: result }
          return result
        },
        (error: unknown) => {
          if (value === loading) value = undefined
          throw error
        },
      )
      value = loading
    }
    return value
  }
  return Object.assign(get, { now: () => (loaded && isFresh() ? loaded.value : undefined) })
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
    /**
     * The countries when loaded and fresh, without waiting (a reference answer then goes out
     * without a promise, issue 45); undefined otherwise: ask countries().
     */
    countriesNow: (): Country[] | undefined => allCountries.now(),
    async dialPrefixOf(countryName: string): Promise<string | undefined> {
      return (await allCountries()).find((c) => c.countryName === countryName)?.dialPrefix
    },
    /** The customer-service phone of a program (augustar is kept under its alias onl). */
    async phoneOf(program: string): Promise<string | undefined> {
      const code = findProgram(program)?.serviceCode
      return code ? (await phones()).get(code) : undefined
    },
    /**
     * phoneOf's answer when the phones are loaded and fresh, without waiting; undefined
     * otherwise: ask phoneOf().
     */
    phoneNow(program: string): { phone: string | undefined } | undefined {
      const loaded = phones.now()
      if (!loaded) return undefined
      const code = findProgram(program)?.serviceCode
      return { phone: code ? loaded.get(code) : undefined }
    },
  }
}
