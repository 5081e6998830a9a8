import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Country } from '@portal/contract'
import type { Db } from '../../store/db.ts'
import { countries } from '../../store/schema.ts'

export async function mfaRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/mfa/getCountries', async (): Promise<Country[]> => {
    return db
      .select({ countryName: countries.countryName, dialPrefix: countries.dialPrefix })
      .from(countries)
      .orderBy(asc(countries.sortOrder))
  })
}
