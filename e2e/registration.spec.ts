// Spec §2 screens 2-4, §4 "Registration" and the §8 registration messages, as a person
// sees them: a demo customer without an account registers one and logs in with it.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  maskEmail,
  maskPhone,
  messages,
  portalFormTextsEn,
  passwordRuleLabels,
  passwordRuleOrder,
  programOf,
  screenTexts,
  type ProgramCode,
} from '@portal/contract'
import { addCustomers, demoCustomers } from '@portal/server/testing'
import {
  accessibilityViolations,
  captureScreen,
  enterVerificationCode,
  fitsWidth,
  largeTextProblems,
  latestSent,
  newestOutboxId,
  readOutbox,
  verificationCodeAfter,
  openPage,
  submitLogin,
  uswebLoginPath,
  type PageOptions,
  type PortalPage,
  browserStorage,
  fieldError,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser()
beforeAll(async () => {
  // pl customers without a web account beyond the demo data's one: of status i, and active.
  await addCustomers(e2e.portal, [
    {
      custnum: 'PL19001',
      kprogName: 'proliability',
      level1org: '110',
      status: 'i',
      membershipCd: 'PL19001',
      firstName: 'Ira',
      primaryEmailAddress: 'pl.ineligible@example.com',
      phone1: '3125559101',
    },
    {
      custnum: 'PL19002',
      kprogName: 'proliability',
      level1org: '110',
      status: 'a',
      membershipCd: 'PL19002',
      firstName: 'Ada',
      primaryEmailAddress: 'pl.second@example.com',
      phone1: '3125559102',
    },
  ])
})

const newPassword = 'Brisk#Lantern26'

/** The demo customer of a program with (or without) a web account. */
function demoCustomer(program: ProgramCode, hasAccount: boolean) {
  const customer = demoCustomers.find(
    (c) => c.program === program && Boolean(c.username) === hasAccount && !c.status,
  )
  if (!customer) throw new Error(`no demo customer for ${program}`)
  return customer
}

/** The typed Account Number: the customer number without the program's prefix (ASF). */
const typedNumber = (program: ProgramCode, custnum: string) =>
  custnum.slice(programOf(program).customerNumberPrefix.length)

const loginPathOf = (program: ProgramCode) =>
  programOf(program).flavour === 'pl' ? '/proliability/login' : uswebLoginPath(program)

const areaOf = (program: ProgramCode) =>
  programOf(program).flavour === 'pl' ? 'proliability' : 'usweb'

/** Opens the program's login and follows its registration link to step 1. */
async function openStep1(program: ProgramCode, options?: PageOptions): Promise<PortalPage> {
  const page = await openPage(e2e.browser, options)
  await page.goto(e2e.portal.url(loginPathOf(program)))
  const link =
    programOf(program).flavour === 'pl'
      ? page.getByRole('link', { name: 'Register', exact: true })
      : page.getByRole('link', { name: 'Sign Up' })
  await link.click()
  await page.waitForURL((url) => url.pathname === `/${areaOf(program)}/registerstep1`)
  await page.getByRole('heading', { name: 'Register Your Account', level: 1 }).waitFor()
  return page
}

async function fillStep1(
  page: PortalPage,
  program: ProgramCode,
  values: { number: string; email: string; phone: string },
) {
  await page.getByLabel(programOf(program).accountLabel).fill(values.number)
  await page.getByLabel('Email Address').fill(values.email)
  await page.getByLabel('Mobile Number').pressSequentially(values.phone)
  const next = programOf(program).flavour === 'pl' ? 'Continue' : 'Next'
  await page.getByRole('button', { name: next, exact: true }).click()
}

async function identifyAs(page: PortalPage, program: ProgramCode, hasAccount = false) {
  const customer = demoCustomer(program, hasAccount)
  await fillStep1(page, program, {
    number: typedNumber(program, customer.custnum),
    email: customer.email,
    phone: customer.phone,
  })
}

async function bannerItems(page: PortalPage): Promise<string[]> {
  const banner = page.getByRole('alert')
  await banner.waitFor()
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  return banner.getByRole('listitem').allTextContents()
}

async function fillCredentials(page: PortalPage, username: string, password: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Submit' }).click()
}

const checklistWith = (met: readonly string[]) =>
  passwordRuleOrder.map(
    (rule) => `${passwordRuleLabels[rule]} (${met.includes(rule) ? 'met' : 'not met'})`,
  )

async function checklistItems(page: PortalPage): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Password requirements' })
    .getByRole('listitem')
    .allTextContents()
}

async function expectSpinnerHidden(page: PortalPage) {
  await page.locator('.spinner[data-active="false"]').waitFor({ state: 'attached' })
}

describe('registering an account (usweb)', () => {
  it('registers the bclip newcomer, who then logs in and meets the second factor', async () => {
    const customer = demoCustomer('bclip', false)
    const page = await openStep1('bclip', { bypassCSP: true, width: 390 })
    // Spec §5: non-digits are stripped as typed and the mask is applied.
    const mobile = page.getByLabel('Mobile Number')
    await mobile.pressSequentially(`(${customer.phone.slice(0, 3)}) ${customer.phone.slice(3)}`)
    expect(await mobile.inputValue()).toBe(
      `${customer.phone.slice(0, 3)}-${customer.phone.slice(3, 6)}-${customer.phone.slice(6)}`,
    )
    await mobile.fill('')
    await identifyAs(page, 'bclip')
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep2')
    await page.getByRole('heading', { name: 'Create Your Login', level: 1 }).waitFor()

    // The rules are visible and follow the typing; a weak password is refused with the
    // spec message and nothing is sent.
    expect(await checklistItems(page)).toEqual(checklistWith([]))
    await page.getByLabel('Username').fill('bclip_newcomer')
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh1')
    expect(await checklistItems(page)).toEqual(
      checklistWith(['length', 'noSpace', 'number', 'letter']),
    )
    const meter = page.getByRole('meter', { name: 'Password strength' })
    expect(await meter.getAttribute('aria-valuetext')).toBe('Good')
    await page.getByLabel('Confirm Password').fill('abcdefgh1')
    await page.getByRole('button', { name: 'Submit' }).click()
    await fieldError(page, messages.validation.passwordPattern).waitFor()
    expect(page.url()).toContain('/usweb/registerstep2')

    // A confirmation that differs is refused with the registration mismatch message.
    await page.getByLabel('Password', { exact: true }).fill(newPassword)
    expect(await meter.getAttribute('aria-valuetext')).toBe('Strong')
    await page.getByLabel('Confirm Password').fill('Brisk#Lantern27')
    await page.getByRole('button', { name: 'Submit' }).click()
    await fieldError(page, messages.validation.passwordMismatch).waitFor()

    // Show/hide works on each field separately.
    await page.getByRole('button', { name: 'Show confirm password' }).click()
    expect(await page.getByLabel('Confirm Password').getAttribute('type')).toBe('text')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')

    await fillCredentials(page, 'bclip_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep3')
    await page.getByRole('heading', { name: screenTexts.registration.welcomeTitle }).waitFor()
    await page.getByText(screenTexts.registration.welcome).waitFor()
    // Screen 4: no footer, no background image, no spinner.
    expect(await page.getByRole('contentinfo').count()).toBe(0)
    expect(await page.locator('.shell--plain').count()).toBe(1)
    expect(await page.locator('.spinner').count()).toBe(0)
    expect(await browserStorage(page)).not.toContain(newPassword)
    expect(await largeTextProblems(page)).toEqual([])

    await page.getByRole('link', { name: 'Return to Login' }).click()
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    // Issue 43 (item 10): the new username is filled in; the password is not.
    expect(new URL(page.url()).search).toBe('?prgName=bclip&level1Org=100&cname=bclip_newcomer')
    expect(await page.getByLabel('Username').inputValue()).toBe('bclip_newcomer')
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('')
    expect(page.errors).toEqual([])
    expect(await largeTextProblems(page)).toEqual([])

    // A new account has no verification details yet: the portal asks for them.
    await submitLogin(page, 'bclip_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/verificationinfostep2')
    // The types are Personal unless the member says otherwise: Continue is open at once.
    const emailType = page.getByRole('group', { name: 'Type of email address' })
    expect(await emailType.getByLabel('Personal').isChecked()).toBe(true)
    const phoneType = page.getByRole('group', { name: 'Type of mobile number' })
    expect(await phoneType.getByLabel('Personal').isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isEnabled()).toBe(true)
    expect(await accessibilityViolations(page)).toEqual([])
    // Issue 27 (problem 7): offered the email and mobile just registered with, by the service
    // from this account's own record; nothing to type again. Masked until a code passes
    // (issue 40): the password alone does not read them.
    await page.getByText(maskEmail(customer.email) ?? '', { exact: true }).waitFor()
    await page.getByText(maskPhone(customer.phone) ?? '', { exact: true }).waitFor()
    expect(await page.content()).not.toContain(customer.email)
    expect(await browserStorage(page)).not.toContain(customer.email)
    expect(await largeTextProblems(page)).toEqual([])

    // Issue 43 (item 10): Continue sends the first code at once to the email just confirmed,
    // with a text message a tap away; no second choice of where it goes.
    const confirmed = await newestOutboxId(e2e.portal)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/usweb/verificationinfostep3')
    await page.getByText(screenTexts.mfa.codeSent('email')).waitFor()
    const emailed = await latestSent(e2e.portal, customer.email, 'verification-code')
    expect(emailed.id).toBeGreaterThan(confirmed)
    const byText = page.getByRole('button', { name: screenTexts.mfa.sendByText })
    await byText.waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    expect(await largeTextProblems(page)).toEqual([])
    await captureScreen(page, 'usweb-verificationinfostep3-first-code')
    await byText.click()
    // The code goes by text instead: said calmly, the email's code void, the button gone.
    await page.getByRole('status').getByText(messages.mfa.newCodeSent).waitFor()
    await page.getByText(screenTexts.mfa.codeSent('mobile')).waitFor()
    expect(await byText.count()).toBe(0)
    const [texted] = await readOutbox(e2e.portal)
    expect(texted?.template).toBe('verification-code')
    expect(texted?.channel).toBe('sms')
    expect(await browserStorage(page)).not.toContain(customer.email)
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, emailed.id))
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/bclip\/login\?data=/)
  })

  it('registers an augustar agent by the six-digit Agent Number', async () => {
    const page = await openStep1('augustar')
    await page.getByLabel('Agent Number').waitFor()
    await identifyAs(page, 'augustar')
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep2')
    await fillCredentials(page, 'augustar_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep3')
  })

  it('says the details do not match, and adds the Agent Number hint for augustar', async () => {
    const customer = demoCustomer('fidbond', false)
    const fidbond = await openStep1('fidbond')
    await fillStep1(fidbond, 'fidbond', {
      number: customer.custnum,
      email: 'someone.else@example.com',
      phone: customer.phone,
    })
    expect(await bannerItems(fidbond)).toEqual([messages.registration.notFound])
    expect(fidbond.url()).toContain('/usweb/registerstep1')
    await expectSpinnerHidden(fidbond)

    const augustar = await openStep1('augustar')
    await fillStep1(augustar, 'augustar', {
      number: '999999',
      email: 'agent@example.com',
      phone: '3125550199',
    })
    expect(await bannerItems(augustar)).toEqual([
      messages.registration.notFound,
      messages.registration.notFoundAgentHint,
    ])
  })

  it('checks each field before anything is sent', async () => {
    const page = await openStep1('augustar')
    // Issue 27: ASF100002 is now a whole Agent Number; five digits are not.
    await fillStep1(page, 'augustar', { number: '10000', email: 'nope', phone: '312' })
    await fieldError(page, messages.validation.agentNumber).waitFor()
    await fieldError(page, messages.validation.email('nope')).waitFor()
    await fieldError(page, messages.validation.mobile).waitFor()
    // Issue 16: nothing was sent; the banner sums the errors up, each a link to its field,
    // named by its label unless the message names it already (review 15).
    expect(await page.getByRole('alert').getByRole('link').allTextContents()).toEqual([
      messages.validation.agentNumber,
      `Email Address: ${messages.validation.email('nope')}`,
      messages.validation.mobile,
    ])
  })

  it('keeps a customer who already has an account on step 1', async () => {
    const page = await openStep1('dtcpnc')
    await identifyAs(page, 'dtcpnc', true)
    expect(await bannerItems(page)).toEqual([messages.registration.accountExists])
    expect(page.url()).toContain('/usweb/registerstep1')
  })

  it('keeps the user on step 2 when the username is taken', async () => {
    const page = await openStep1('equipmentrenew')
    await identifyAs(page, 'equipmentrenew')
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep2')
    await fillCredentials(page, 'bclip_demo', newPassword)
    expect(await bannerItems(page)).toEqual([messages.registration.usernameTaken])
    expect(page.url()).toContain('/usweb/registerstep2')
  })

  it('only logs an ineligible augustar agent: nothing is shown and the spinner goes', async () => {
    const page = await openStep1('augustar')
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'info') logged.push(message.text())
    })
    const ineligible = demoCustomers.find((c) => c.program === 'augustar' && c.status === 'i')
    if (!ineligible) throw new Error('no ineligible augustar agent in the demo data')
    const lookup = page.waitForResponse('**/api/customer-api/find')
    await fillStep1(page, 'augustar', {
      number: typedNumber('augustar', ineligible.custnum),
      email: ineligible.email,
      phone: ineligible.phone,
    })
    await lookup
    await expectSpinnerHidden(page)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(page.url()).toContain('/usweb/registerstep1')
    expect(logged.join(' ')).toContain('ineligible')
    expect(logged.join(' ')).not.toContain(ineligible.email)
  })

  it('goes to register2 when the existing-account check fails', async () => {
    const page = await openStep1('dtcmyaccount', { bypassCSP: true })
    await page.route('**/api/us-web-authentication/finduserbymembercode', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    await identifyAs(page, 'dtcmyaccount')
    await page.waitForURL((url) => url.pathname === '/usweb/register2')
    expect(await bannerItems(page)).toEqual([messages.registration.unableToProcess])
    expect(await accessibilityViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Return to Login' }).click()
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    expect(new URL(page.url()).search).toBe(
      `?prgName=dtcmyaccount&level1Org=${programOf('dtcmyaccount').level1Org}`,
    )
  })

  it('says a common password is too easy to guess, as typed and as the service refuses it', async () => {
    const page = await openStep1('dtcpnc', { bypassCSP: true })
    await identifyAs(page, 'dtcpnc')
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep2')
    // In the portal's own list: the line shows as it is typed, and nothing is sent.
    await page.getByLabel('Password', { exact: true }).fill('Password1!')
    const rules = page.getByRole('list', { name: 'Password requirements' })
    await rules.getByText(messages.validation.passwordGuessable).waitFor()
    expect(await checklistItems(page)).toEqual([
      ...checklistWith(passwordRuleOrder),
      `${messages.validation.passwordGuessable} (not met)`,
    ])
    // Issue 43: the meter agrees with the line, never "Strong".
    const meter = page.getByRole('meter', { name: 'Password strength' })
    const tooEasy = portalFormTextsEn.password.tooEasyToGuess
    expect(await meter.getAttribute('aria-valuetext')).toBe(tooEasy)
    await fillCredentials(page, 'dtcpnc_newcomer', 'Password1!')
    expect(await bannerItems(page)).toEqual([messages.validation.passwordGuessable])
    await fieldError(page, messages.validation.passwordGuessable).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    // Only in the service's longer list: the service refuses it, the banner, the field and the
    // meter say so.
    await fillCredentials(page, 'dtcpnc_newcomer', 'Mosquito@13')
    expect(await bannerItems(page)).toEqual([messages.validation.passwordGuessable])
    await fieldError(page, messages.validation.passwordGuessable).waitFor()
    await expect.poll(() => meter.getAttribute('aria-valuetext')).toBe(tooEasy)
    expect(page.url()).toContain('/usweb/registerstep2')
    expect(await accessibilityViolations(page)).toEqual([])
    // Banner, field message, checklist and meter at 390 px with text at 200 % (issue 43, 5).
    expect(await largeTextProblems(page)).toEqual([])
    // Issue 43: a good password typed, the banner goes before any submit.
    await page.getByLabel('Password', { exact: true }).fill(newPassword)
    await page.getByRole('alert').waitFor({ state: 'detached' })
    expect(await meter.getAttribute('aria-valuetext')).toBe('Strong')
    // One no one would guess is taken.
    await fillCredentials(page, 'dtcpnc_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep3')
  })

  it('passes the WCAG A/AA checks on each registration screen, at 360 px too', async () => {
    const page = await openStep1('dtcria', { bypassCSP: true, width: 360 })
    await fillStep1(page, 'dtcria', { number: '', email: 'nope', phone: '' })
    await fieldError(page, messages.validation.email('nope')).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    await page.getByLabel('Email Address').fill('')
    await page.getByLabel('Mobile Number').fill('')
    await identifyAs(page, 'dtcria')
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep2')
    await page.getByLabel('Password', { exact: true }).fill('abc')
    expect(await accessibilityViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)

    await fillCredentials(page, 'dtcria_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/registerstep3')
    await page.getByText(screenTexts.registration.welcome).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    expect(page.errors).toEqual([])
  })
})

describe('registering an account (pl)', () => {
  it('registers the pl newcomer, who then logs in and meets the second factor', async () => {
    const page = await openStep1('proliability', { bypassCSP: true })
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await identifyAs(page, 'proliability')
    await page.waitForURL((url) => url.pathname === '/proliability/registerstep2')
    await fillCredentials(page, 'pl_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/proliability/registerstep3')
    await page.getByText(screenTexts.registration.welcome).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Return to Login' }).click()
    await page.waitForURL((url) => url.pathname === '/proliability/login')
    expect(new URL(page.url()).searchParams.get('cname')).toBe('pl_newcomer')
    expect(page.errors).toEqual([])
    await submitLogin(page, 'pl_newcomer', newPassword)
    await page.waitForURL((url) => url.pathname === '/proliability/verificationinfostep2')
  })

  it('tells an ineligible pl customer so', async () => {
    const page = await openStep1('proliability')
    await fillStep1(page, 'proliability', {
      number: 'PL19001',
      email: 'pl.ineligible@example.com',
      phone: '3125559101',
    })
    expect(await bannerItems(page)).toEqual([messages.registration.ineligible])
    expect(page.url()).toContain('/proliability/registerstep1')
  })

  it('says it cannot process the request when the existing-account check fails', async () => {
    const page = await openStep1('proliability')
    await page.route('**/api/us-web-authentication/finduserbymembercode', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    await fillStep1(page, 'proliability', {
      number: 'PL19002',
      email: 'pl.second@example.com',
      phone: '3125559102',
    })
    expect(await bannerItems(page)).toEqual([messages.registration.unableToProcess])
    expect(page.url()).toContain('/proliability/registerstep1')
  })
})
