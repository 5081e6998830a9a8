import { z } from 'zod'

/** GET /api/mfa/getCountries */
export const CountrySchema = z.object({ countryName: z.string(), dialPrefix: z.string() })
export type Country = z.infer<typeof CountrySchema>
export const CountriesSchema = z.array(CountrySchema)

export const defaultCountry: Country = { countryName: 'United States', dialPrefix: '1' }
