// Issue 44, in a real browser: the demo main site is an OpenID Connect relying party
// (openid-client, in the demo service). Both ways in end on its page showing the claims of the
// ID token it verified: the site starts (its authorization request opens the program's login
// page), or the member starts at the portal (after the second factor the portal sends the
// browser to the site's initiate_login_uri, and answers its request from the handover).
// Both flavours: dtcpnc (usweb, the demo's own site) and proliability (pl), whose site this
// portal alone registers (`demoOidcSite` names both): the pl browser tests run on portals of
// their own, where proliability keeps the spec's hand-off they read. Each login and
// verification screen on the way passes axe with no violation.
import { describe, expect, it } from 'vitest'
import { flavours, programOf, type ProgramCode } from '@portal/contract'
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

const e2e = portalAndBrowser({}, { demoOidcSite: ['dtcpnc', 'proliability'] })
const claimsPage = /\/demo\/main-site\/oidc\/callback\?/

/** The member of each program as the demo data has them. */
const members = [
  { program: 'dtcpnc', customerNumber: 'PN10001', name: 'DTC Demo Holdings LLC' },
  { program: 'proliability', customerNumber: 'PL10001', name: 'PRO Demo Holdings LLC' },
] as const satisfies readonly { program: ProgramCode; customerNumber: string; name: string }[]

const loginAreaOf = (program: ProgramCode) => `/${flavours[programOf(program).flavour].area}/login`
const loginPathOf = (program: ProgramCode) =>
  programOf(program).flavour === 'pl' ? loginAreaOf(program) : uswebLoginPath(program)

async function expectClaims(page: PortalPage, member: (typeof members)[number]) {
  await page.waitForURL(claimsPage)
  await page.locator('#claims').waitFor()
  const claim = (name: string) => page.locator(`dd[data-field="${name}"]`).textContent()
  expect(await claim('program')).toBe(member.program)
  expect(await claim('customer_number')).toBe(member.customerNumber)
  expect(await claim('name')).toBe(member.name)
  expect(await claim('amr')).toBe('["pwd","otp"]')
  expect(await claim('acr')).toBe('urn:program-portal:acr:second-factor')
  expect(await claim('sub')).toMatch(/^[\w-]{20,}$/)
  expect(await browserStorage(page)).not.toContain(demoPassword)
  expect(page.errors).toEqual([])
}

describe.each(members)('the $program site, which takes the member by OpenID Connect', (member) => {
  const { program } = member
  const flavour = programOf(program).flavour

  it(`site-started (${flavour}): the request opens the program login page; the site shows the claims`, async () => {
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await page.goto(e2e.portal.url(`/demo/main-site/oidc/start?program=${program}`))
    await page.waitForURL((url) => url.pathname === loginAreaOf(program))
    expect(new URL(page.url()).searchParams.get('prgName')).toBe(program)
    await page.getByRole('banner').getByText(programOf(program).displayName).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await submitLogin(page, `${program}_demo`, demoPassword)
    await passSecondFactor(page, e2e.portal)
    await expectClaims(page, member)
  })

  it(`portal-started (${flavour}): after the second factor the site's login initiation takes the member`, async () => {
    const page = await openPage(e2e.browser, { bypassCSP: true })
    await page.goto(e2e.portal.url(loginPathOf(program)))
    await page.getByRole('banner').getByText(programOf(program).displayName).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await submitLogin(page, `${program}_demo`, demoPassword)
    await page.waitForURL((url) => /verificationinfostep\d$/.test(url.pathname))
    expect(await accessibilityViolations(page)).toEqual([])
    await passSecondFactor(page, e2e.portal)
    await expectClaims(page, member)
  })
})
