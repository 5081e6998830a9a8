// Issue 2's walking skeleton, as a person sees it: the login pages of both flavours, a
// right password (and the second factor) handed on to the main site, and a wrong one
// answered with the spec message.
import { describe, expect, it } from 'vitest'
import { formatProgramPhone, messages, programOf, type ProgramCode } from '@portal/contract'
import { demoMailingPhones } from '@portal/server/testing'
import {
  demoPassword,
  openPage,
  passSecondFactor,
  browserStorage,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser()

const phoneOf = (code: ProgramCode) =>
  formatProgramPhone(code, demoMailingPhones[programOf(code).serviceCode] ?? '')

async function logIn(code: ProgramCode, username: string, password: string) {
  const page = await openPage(e2e.browser)
  const { level1Org } = programOf(code)
  await page.goto(e2e.portal.url(`/usweb/login?prgName=${code}&level1Org=${level1Org}`))
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  return page
}

async function receivedField(page: Awaited<ReturnType<typeof openPage>>, name: string) {
  return page.locator(`dd[data-field="${name}"]`).textContent()
}

describe('login pages', () => {
  it('renders the bclip login with its header, phone and footer', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url('/usweb/login?prgName=bclip&level1Org=100'))
    const header = page.getByRole('banner')
    await header.getByText(programOf('bclip').displayName).waitFor()
    await header.getByRole('link', { name: phoneOf('bclip') }).waitFor()
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy Policy/ })
      .waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('prgName'))).toBe('bclip')
    expect(await page.evaluate(() => sessionStorage.getItem('level1Org'))).toBe('100')
    expect(page.errors).toEqual([])
  })

  it('renders the pl login with the pl header and no usweb footer', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url('/proliability/login'))
    const header = page.getByRole('banner')
    await header.getByText(programOf('proliability').displayName).waitFor()
    await header.getByRole('link', { name: phoneOf('proliability') }).waitFor()
    await header.getByRole('link', { name: 'Home' }).waitFor()
    await header.getByRole('link', { name: programOf('proliability').serviceEmail ?? '' }).waitFor()
    expect(await page.getByRole('contentinfo').count()).toBe(0)
    expect(await page.evaluate(() => sessionStorage.getItem('applicationName'))).toBe('pl')
    expect(page.errors).toEqual([])
  })

  it("writes the augustar phone with '1.' and shows the Policy Highlights panel", async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url('/usweb/login?prgName=augustar&level1Org=100'))
    await page.getByRole('link', { name: phoneOf('augustar') }).waitFor()
    expect(phoneOf('augustar')).toMatch(/^1\.\d{3}\.\d{3}\.\d{4}$/)
    await page.getByRole('heading', { name: 'Policy Highlights and Premiums' }).waitFor()
  })
})

describe('signing in', () => {
  it('hands a bclip user on to the main site with their program and username', async () => {
    const page = await logIn('bclip', 'bclip_demo', demoPassword)
    await passSecondFactor(page, e2e.portal)
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/bclip\/login\?data=/)
    expect(await receivedField(page, 'prgName')).toBe('bclip')
    expect(await receivedField(page, 'username')).toBe('bclip_demo')
    expect(await receivedField(page, 'custnumber')).toBe('BC10001')
    expect(await browserStorage(page)).not.toContain(demoPassword)
  })

  it('hands a cabar user on to the cabar landing with the promo code', async () => {
    const page = await logIn('cabar', 'cabar_demo', demoPassword)
    await passSecondFactor(page, e2e.portal)
    // Spec §4: after verification cabar lands on cabar/myaccount (MFA status MyAccount1).
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/cabar\/myaccount\?data=/)
    expect(await receivedField(page, 'prgName')).toBe('cabar')
    expect(await receivedField(page, 'username')).toBe('cabar_demo')
    expect(await receivedField(page, 'promoReqCode')).toBe('CA114')
  })

  it('answers a wrong password with the mismatch message in the error banner', async () => {
    const page = await logIn('bclip', 'bclip_demo', 'Wrong#Password1')
    const banner = page.getByRole('alert')
    await banner.getByText(messages.login.mismatch).waitFor()
    await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
    expect(page.url()).toContain('/usweb/login')
  })
})
