// The countries of the MFA contact form by the name the service lists them under (its
// reference data, the value the form sends back), with their ISO 3166 region code, so that
// a page names each in its own language through Intl.DisplayNames (issue 43, item 8).
// A country the table lacks shows as the service names it.
export const countryRegions: Readonly<Record<string, string>> = {
  'United States': 'US',
  Canada: 'CA',
  Mexico: 'MX',
  'Puerto Rico': 'PR',
  'United Kingdom': 'GB',
  Ireland: 'IE',
  Germany: 'DE',
  France: 'FR',
  India: 'IN',
  Philippines: 'PH',
  Australia: 'AU',
  Japan: 'JP',
}

/** The country's name in `locale` ('Estados Unidos' in es-US), or as listed when unknown. */
export function countryNameIn(locale: string, countryName: string): string {
  const region = countryRegions[countryName]
  if (!region) return countryName
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(region) ?? countryName
  } catch {
    return countryName
  }
}
