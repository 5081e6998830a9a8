import { describe, expect, it } from 'vitest'
import { canonicalPageUrl } from './page-addresses.ts'

describe('page addresses in another case', () => {
  it('lead to the lower-case page, with the query as sent', () => {
    expect(canonicalPageUrl('/USWEB/login')).toBe('/usweb/login')
    expect(canonicalPageUrl('/ProLiability/login?cname=Acme%20Co')).toBe(
      '/proliability/login?cname=Acme%20Co',
    )
    expect(canonicalPageUrl('/Usweb/Login?prgName=BCLIP&level1Org=100')).toBe(
      '/usweb/login?prgName=BCLIP&level1Org=100',
    )
    expect(canonicalPageUrl('/USWEB')).toBe('/usweb')
  })

  it('leave canonical addresses, the API and other places alone', () => {
    expect(canonicalPageUrl('/usweb/login?prgName=BCLIP')).toBeUndefined()
    expect(canonicalPageUrl('/API/us-web-authentication/authenticate')).toBeUndefined()
    expect(canonicalPageUrl('/Api/mfa/getCountries')).toBeUndefined()
    expect(canonicalPageUrl('//EVIL.example/usweb')).toBeUndefined()
    expect(canonicalPageUrl('/USWEBX/login')).toBeUndefined()
  })
})
