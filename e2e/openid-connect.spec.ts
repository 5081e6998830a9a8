// Issue 44, in a real browser: the demo main site of dtcpnc is an OpenID Connect relying party
// (openid-client, in the demo service). Both ways in end on its page showing the claims of the
// ID token it verified: the site starts (its authorization request opens the program's login
// page), or the member starts at the portal (after the second factor the portal sends the
// browser to the site's initiate_login_uri, and answers its request from the handover).
// Only usweb: the one pl program keeps the spec's hand-off (a site would switch it).
import { describe, expect, it } from 'vitest'
import { programOf } from '@portal/contract'
import {
  accessibilityViolations,
  browserStorage,
  demoPassword,
  openPage,
  passSecondFactor,
  portalAndBrowser,
  submitLogin,
  uswebLoginPath,
  type PortalPage,
} from './fixtures.ts'

const e2e = portalAndBrowser({}, { demoOidcSite: true })
const program = 'dtcpnc'
const claimsPage = /\/demo\/main-site\/oidc\/callback\?/

async function expectClaims(page: PortalPage) {
  await page.waitForURL(claimsPage)
  await page.locator('#claims').waitFor()
  const claim = (name: string) => page.locator(`dd[data-field="${name}"]`).textContent()
  expect(await claim('program')).toBe(program)
  expect(await claim('customer_number')).toBe('PN10001')
  expect(await claim('name')).toBe('DTC Demo Holdings LLC')
  expect(await claim('amr')).toBe('["pwd","otp"]')
  expect(await claim('acr')).toBe('urn:program-portal:acr:second-factor')
  expect(await claim('sub')).toMatch(/^[\w-]{20,}$/)
  expect(await browserStorage(page)).not.toContain(demoPassword)
  expect(page.errors).toEqual([])
}

describe('a program site that takes the member by OpenID Connect', () => {
  it('site-started: the request opens the program login page; the site shows the claims', async () => {
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await page.goto(e2e.portal.url('/demo/main-site/oidc/start'))
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    expect(new URL(page.url()).searchParams.get('prgName')).toBe(program)
    await page.getByRole('banner').getByText(programOf(program).displayName).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await submitLogin(page, `${program}_demo`, demoPassword)
    await passSecondFactor(page, e2e.portal)
    await expectClaims(page)
  })

  it("portal-started: after the second factor the site's login initiation takes the member", async () => {
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await page.goto(e2e.portal.url(uswebLoginPath(program)))
    await page.getByRole('banner').getByText(programOf(program).displayName).waitFor()
    await submitLogin(page, `${program}_demo`, demoPassword)
    await page.waitForURL((url) => url.pathname.endsWith('/verificationinfostep1'))
    expect(await accessibilityViolations(page)).toEqual([])
    await passSecondFactor(page, e2e.portal)
    await expectClaims(page)
  })
})
