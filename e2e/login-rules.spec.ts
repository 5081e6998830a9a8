// Spec §4 "Login" and §8: every login message as the user sees it, the program rules at
// login, and the pl login. Each test signs in as its own demo user, so that failed-attempt
// counts never collide.
import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import {
  demoPassword,
  openPage,
  passSecondFactor,
  submitLogin,
  uswebLoginPath,
  type PortalPage,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser()

const wrongPassword = 'Wrong#Password1'

async function openLogin(path: string): Promise<PortalPage> {
  const page = await openPage(e2e.browser)
  await page.goto(e2e.portal.url(path))
  await page.getByRole('heading', { name: 'Account Login' }).waitFor()
  return page
}

/** The banner's messages, once it shows; and whether it took focus (spec §8, keyboard users). */
async function bannerAfterLogin(page: PortalPage, username: string, password: string) {
  await submitLogin(page, username, password)
  const banner = page.getByRole('alert')
  await banner.waitFor()
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  const items = await banner.getByRole('listitem').allTextContents()
  const isFocused = await banner.evaluate((element) => element === document.activeElement)
  return { banner, items, isFocused }
}

async function expectSpinnerHidden(page: PortalPage) {
  await page.locator('.spinner[data-active="false"]').waitFor({ state: 'attached' })
}

describe('usweb login messages', () => {
  it('asks for a blank username and password before calling the service', async () => {
    const page = await openLogin(uswebLoginPath('dtcpnc'))
    const calls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/us-web-authentication')) {
        calls.push(request.url())
      }
    })
    const username = page.getByLabel('Username')
    const password = page.getByLabel('Password', { exact: true })
    // The rules load with the first submit (the page opens without them).
    await submitLogin(page, '   ', '')
    const usernameError = page.locator('#username-error')
    const passwordError = page.locator('#password-error')
    await usernameError.waitFor()
    expect(await usernameError.textContent()).toBe(messages.validation.usernameRequired)
    expect(await passwordError.textContent()).toBe(messages.validation.passwordRequired)
    expect(await username.getAttribute('aria-invalid')).toBe('true')
    expect(await password.getAttribute('aria-invalid')).toBe('true')

    // Each field judged again as it is corrected.
    await username.fill('dtcpnc_demo')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await usernameError.waitFor({ state: 'detached' })
    expect(await passwordError.textContent()).toBe(messages.validation.passwordRequired)
    expect(calls).toEqual([])
    // Nothing the page did broke its content security policy (zod's compiled parsers would).
    expect(page.errors).toEqual([])
  })

  it('answers a wrong password with the mismatch message and focuses the banner', async () => {
    const page = await openLogin(uswebLoginPath('dtcpnc'))
    const { items, isFocused } = await bannerAfterLogin(page, 'dtcpnc_demo', wrongPassword)
    expect(items).toEqual([messages.login.mismatch])
    expect(isFocused).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expectSpinnerHidden(page)
    expect(page.url()).toContain('/usweb/login')
  })

  it('answers an unknown username with the same mismatch message', async () => {
    const page = await openLogin(uswebLoginPath('dtcpnc'))
    const { items } = await bannerAfterLogin(page, 'nobody_by_this_name', wrongPassword)
    expect(items).toEqual([messages.login.mismatch])
  })

  it('warns at the second wrong password that the next one locks the account', async () => {
    const page = await openLogin(uswebLoginPath('dtclifeagents'))
    const first = await bannerAfterLogin(page, 'dtclifeagents_demo', wrongPassword)
    expect(first.items).toEqual([messages.login.mismatch])
    await submitLogin(page, 'dtclifeagents_demo', wrongPassword)
    await page.getByText(messages.login.nextAttemptLocks).waitFor()
    expect(await page.getByRole('alert').getByRole('listitem').allTextContents()).toEqual([
      messages.login.mismatch,
      messages.login.nextAttemptLocks,
    ])
  })

  it('asks for a password reset at the third wrong password, linking to forgot-password', async () => {
    const page = await openLogin(uswebLoginPath('dtcria'))
    await bannerAfterLogin(page, 'dtcria_demo', wrongPassword)
    await submitLogin(page, 'dtcria_demo', wrongPassword)
    await page.getByText(messages.login.nextAttemptLocks).waitFor()
    await submitLogin(page, 'dtcria_demo', wrongPassword)
    const link = page.getByRole('alert').getByRole('link', { name: messages.login.lockedLink })
    await link.waitFor()
    const lockedText = `${messages.login.lockedLead}${messages.login.lockedLink}${messages.login.lockedTail}`
    expect(await page.getByRole('alert').getByRole('listitem').allTextContents()).toEqual([
      lockedText,
    ])
    expect(new URL((await link.getAttribute('href')) ?? '', e2e.portal.url('/')).pathname).toBe(
      '/usweb/forgot-password',
    )

    // Locked means locked: the right password now gets the same prompt.
    await submitLogin(page, 'dtcria_demo', demoPassword)
    await page.getByRole('alert').getByRole('link', { name: messages.login.lockedLink }).waitFor()
    expect(page.url()).toContain('/usweb/login')
  })

  it('shows the technical-difficulties message when the service answers 500', async () => {
    const page = await openLogin(uswebLoginPath('bclip'))
    await page.route('**/api/us-web-authentication/authenticate', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    const { items, isFocused } = await bannerAfterLogin(page, 'bclip_demo', demoPassword)
    expect(items).toEqual([messages.login.technicalDifficulties])
    expect(isFocused).toBe(true)
    await expectSpinnerHidden(page)
  })

  it('shows the reference of a server failure after the technical-difficulties message', async () => {
    const page = await openLogin(uswebLoginPath('bclip'))
    await page.route('**/api/us-web-authentication/authenticate', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', reference: '1a2b3c4d' }),
      }),
    )
    const { items } = await bannerAfterLogin(page, 'bclip_demo', demoPassword)
    expect(items).toEqual([
      `${messages.login.technicalDifficulties} ${messages.failureReference} 1a2b3c4d`,
    ])
  })

  it('shows the technical-difficulties message when the service cannot be reached', async () => {
    const page = await openLogin(uswebLoginPath('bclip'))
    await page.route('**/api/us-web-authentication/authenticate', (route) => route.abort())
    const { items } = await bannerAfterLogin(page, 'bclip_demo', demoPassword)
    expect(items).toEqual([messages.login.technicalDifficulties])
  })
})

describe('program rules at login (usweb)', () => {
  it('shows the mismatch message to a dtcmyaccount customer whose tax id is not allowed', async () => {
    const page = await openLogin(uswebLoginPath('dtcmyaccount'))
    const { items } = await bannerAfterLogin(page, 'dtcmyaccount_taxid', demoPassword)
    expect(items).toEqual([messages.login.mismatch])
    expect(page.url()).toContain('/usweb/login')
  })

  it('shows the mismatch message when the customer lookup fails', async () => {
    const page = await openLogin(uswebLoginPath('fidbond'))
    await page.route('**/api/customer-api/find', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    const { items } = await bannerAfterLogin(page, 'fidbond_demo', demoPassword)
    expect(items).toEqual([messages.login.mismatch])
  })

  it('only logs an ineligible augustar customer: no message, spinner hidden', async () => {
    const page = await openLogin(uswebLoginPath('augustar'))
    const logged = page.waitForEvent('console', (message) => message.type() === 'info')
    await submitLogin(page, 'augustar_ineligible', demoPassword)
    const line = (await logged).text()
    expect(line).toMatch(/ineligible/)
    expect(line).not.toContain('augustar_ineligible')
    await expectSpinnerHidden(page)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(page.url()).toContain('/usweb/login')
  })

  it('only logs a cabar client of a broker: no message, spinner hidden', async () => {
    const page = await openLogin(uswebLoginPath('cabar'))
    const logged = page.waitForEvent('console', (message) => message.type() === 'info')
    await submitLogin(page, 'cabar_broker_client', demoPassword)
    expect((await logged).text()).toMatch(/broker/)
    await expectSpinnerHidden(page)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(page.url()).toContain('/usweb/login')
  })

  it('hands an equipmentrenew AFM customer on with the association', async () => {
    const page = await openLogin(uswebLoginPath('equipmentrenew'))
    await submitLogin(page, 'equipmentrenew_afm', demoPassword)
    await passSecondFactor(page, e2e.portal)
    // Spec §4: after verification equipmentrenew lands on its policyholder menu.
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/equipmentrenew\/policyHoldermenu\?data=/)
    expect(await page.locator('dd[data-field="ASSOCIATION"]').textContent()).toBe('AFM')
    // The demo receiver shares the portal's origin, so the tab's session storage is visible.
    expect(await page.evaluate(() => sessionStorage.getItem('associationName'))).toBe('AFM')
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe('equipmentrenew_afm')
  })
})

describe('pl login', () => {
  it('signs proliability_demo in with the pl call and hands on to the policy application', async () => {
    const page = await openLogin('/proliability/login')
    const plCall = page.waitForRequest(
      '**/api/us-web-authentication/authenticateForPLWithValidations',
    )
    const identity = page.waitForRequest('**/api/us-web-authentication/getUser')
    await submitLogin(page, 'proliability_demo', demoPassword)
    const form = new URLSearchParams((await plCall).postData() ?? '')
    expect([...form.keys()].sort()).toEqual(['password', 'userName'])
    await identity
    await passSecondFactor(page, e2e.portal)
    await page.waitForURL(/\/demo\/policy-app\/\?loginRedirect=y/)
    expect(await page.locator('dd[data-field="username"]').textContent()).toBe('proliability_demo')
  })

  it("shows 'Something went wrong' when the service answers 500", async () => {
    const page = await openLogin('/proliability/login')
    await page.route('**/api/us-web-authentication/authenticateForPLWithValidations', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    const { items, isFocused } = await bannerAfterLogin(page, 'proliability_demo', demoPassword)
    expect(items).toEqual([messages.login.somethingWentWrong])
    expect(isFocused).toBe(true)
  })

  it("shows 'Something went wrong' when the service cannot be reached", async () => {
    const page = await openLogin('/proliability/login')
    await page.route('**/api/us-web-authentication/authenticateForPLWithValidations', (route) =>
      route.abort(),
    )
    const { items } = await bannerAfterLogin(page, 'proliability_demo', demoPassword)
    expect(items).toEqual([messages.login.somethingWentWrong])
  })

  it('links the locked prompt to the pl forgot-password', async () => {
    const page = await openLogin('/proliability/login')
    await page.route('**/api/us-web-authentication/authenticateForPLWithValidations', (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'User Locked' }),
      }),
    )
    await submitLogin(page, 'proliability_demo', wrongPassword)
    const link = page.getByRole('alert').getByRole('link', { name: messages.login.lockedLink })
    await link.waitFor()
    expect(new URL((await link.getAttribute('href')) ?? '', e2e.portal.url('/')).pathname).toBe(
      '/proliability/forgot-password',
    )
  })
})
