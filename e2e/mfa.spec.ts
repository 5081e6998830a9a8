// Spec §2 screens 9-14 and §4 "MFA status mapping", "MFA screens", "Hand-off when MFA
// completes": the second factor as a person passes it, in both flavours. Codes are read from
// the demo outbox. Each test signs in as its own user, so attempts and devices never collide.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  formatProgramPhone,
  maskEmail,
  messages,
  programOf,
  screenTexts,
  type ProgramCode,
} from '@portal/contract'
import { createAccount, demoCustomers, demoMailingPhones } from '@portal/server/testing'
import {
  accessibilityViolations,
  fitsWidth,
  chooseEmailDelivery,
  demoPassword,
  enterVerificationCode,
  newestOutboxId,
  openPage,
  passSecondFactor,
  submitContactForm,
  submitLogin,
  uswebLoginPath,
  verificationCodeAfter,
  type PageOptions,
  type PortalPage,
  fieldError,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser()

/** Axe needs the CSP bypass; 360 px is the narrowest screen the portal supports. */
const checked: PageOptions = { width: 360, bypassCSP: true }
const mainSite = /\/demo\/main-site\/usweb\/#\//
const policyApp = /\/demo\/policy-app\/\?loginRedirect=y/

async function logIn(path: string, username: string, password: string, options?: PageOptions) {
  const page = await openPage(e2e.browser, options)
  await page.goto(e2e.portal.url(path))
  await submitLogin(page, username, password)
  return page
}

const onScreen = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/** Submits a code and waits until the answer is shown (the spinner gone). */
async function submitCode(page: Page, code: string) {
  const answered = page.waitForResponse('**/api/mfa/enterverificationcode')
  await enterVerificationCode(page, code)
  await answered
  await page.locator('.spinner[data-active="false"]').waitFor({ state: 'attached' })
}

const received = (page: PortalPage, name: string) =>
  page.locator(`dd[data-field="${name}"]`).textContent()

/** The WCAG A/AA checks pass and nothing scrolls sideways. */
async function expectAccessible(page: Page) {
  // Judged at rest: a spinner still fading out is no part of the screen.
  await page.locator('.spinner').waitFor({ state: 'hidden' })
  expect(await accessibilityViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
}

async function bannerItems(page: PortalPage) {
  const banner = page.getByRole('alert')
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  return banner.getByRole('listitem').allTextContents()
}

const phoneOf = (code: ProgramCode) =>
  formatProgramPhone(code, demoMailingPhones[programOf(code).serviceCode] ?? '')

describe('verification (usweb)', () => {
  it('enrols a new user, refuses an invalid mobile, and finishes with a code', async () => {
    const newcomer = demoCustomers.find((c) => c.custnum === 'BC10002')
    if (!newcomer) throw new Error('BC10002')
    const created = await createAccount(e2e.portal, {
      custnum: 'BC10002',
      username: 'mfa_new_user',
      password: 'Brisk#Lantern26',
    })
    expect(created.ok).toBe(true)
    const page = await logIn(uswebLoginPath('bclip'), 'mfa_new_user', 'Brisk#Lantern26', checked)

    // RE_ENROLL + NEWUSER: screen 10, offering the email the account was made with (the
    // record's: a new account's first code goes only there, issue 32), masked before a code
    // (issue 40): kept as shown, or changed and typed in full.
    await onScreen(page, '/usweb/verificationinfostep2')
    await page.getByRole('heading', { name: 'Verification Information', level: 1 }).waitFor()
    await page.getByText(screenTexts.mfa.dualAuthentication).waitFor()
    await page.getByText(screenTexts.mfa.consent).waitFor()
    // The screen names itself in an effect after it shows: waited for, not read at once.
    await page.waitForFunction(() => document.title.includes('Verification Information'))
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true })
    // The types are Personal unless changed (issue 43, item 10): the offer may go on at once.
    expect(await continueButton.isDisabled()).toBe(false)
    await page.getByText(screenTexts.mfa.maskedContactsIntro).waitFor()
    await page.getByText(maskEmail(newcomer.email) ?? '', { exact: true }).waitFor()
    expect(await page.content()).not.toContain(newcomer.email)
    expect(await page.getByRole('textbox', { name: 'Email address' }).count()).toBe(0)
    expect(await page.getByLabel('Country/Region').inputValue()).toBe('United States')
    await expectAccessible(page)

    // Changed: the fields open empty. The mask writes the hyphens while typing; a bad email
    // says why once left.
    await page.getByRole('button', { name: 'Change email address' }).click()
    await page.getByRole('button', { name: 'Change mobile number' }).click()
    const email = page.getByRole('textbox', { name: 'Email address' })
    expect(await email.inputValue()).toBe('')
    const mobile = page.getByRole('textbox', { name: 'Mobile number' })
    await mobile.fill('(123) 456 7890')
    expect(await mobile.inputValue()).toBe('123-456-7890')
    await email.fill('not-an-email')
    await email.blur()
    await fieldError(page, messages.validation.email('not-an-email')).waitFor()

    // ERROR_MFA 10016: the service judges 123-456-7890 no mobile number; the form stays.
    await submitContactForm(page, { email: 'mfa.new@example.com', phone: '123-456-7890' })
    expect(await bannerItems(page)).toEqual([`${messages.mfa.invalidMobile} Edit mobile number`])
    expect(
      await page.getByRole('alert').evaluate((element) => element === document.activeElement),
    ).toBe(true)
    expect(page.url()).toContain('/usweb/verificationinfostep2')
    await expectAccessible(page)
    await page.getByRole('alert').getByRole('link', { name: 'Edit mobile number' }).click()
    expect(await mobile.evaluate((element) => element === document.activeElement)).toBe(true)
    await email.fill(newcomer.email)
    await mobile.fill(newcomer.phone)
    const enrolled = await newestOutboxId(e2e.portal)
    await continueButton.click()

    // Issue 43 (item 10): the first code goes at once to the email just confirmed; another
    // way is a tap away (Change Delivery Mode, or by text instead).
    await onScreen(page, '/usweb/verificationinfostep3')
    await page.getByText(screenTexts.mfa.codeSent('email')).waitFor()
    await page.getByRole('button', { name: screenTexts.mfa.sendByText }).waitFor()
    expect(await verificationCodeAfter(e2e.portal, enrolled)).toMatch(/^\d{6}$/)
    await page.getByRole('link', { name: 'Change Delivery Mode' }).click()

    // Screen 11: the new details, masked; Continue waits for a choice.
    await onScreen(page, '/usweb/verificationinfostep1')
    const emailChoice = page.getByRole('radio', { name: /^Email\b/ })
    await emailChoice.waitFor()
    expect(await page.getByRole('radio').count()).toBe(2)
    const choices = await page.getByRole('group', { name: 'Send my code by' }).textContent()
    expect(choices).toContain('b***@example.com')
    expect(choices).toContain(`***-***-${newcomer.phone.slice(-4)}`)
    expect(choices).not.toContain(newcomer.email)
    await page.getByText(messages.validation.deliveryMethod).waitFor()
    expect(await continueButton.isDisabled()).toBe(true)
    await expectAccessible(page)

    // Screen 12: the code goes by email; an empty code is refused on the page.
    const before = await chooseEmailDelivery(page, e2e.portal)
    await page.getByText(screenTexts.mfa.codeSent('email')).waitFor()
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await fieldError(page, messages.validation.verificationCode).waitFor()
    const faq = page.getByRole('link', { name: /Verification code FAQ/ })
    expect(await faq.getAttribute('target')).toBe('_blank')
    expect(await faq.getAttribute('href')).toBe('/demo/mfa-faq')
    await expectAccessible(page)

    // Nothing went wrong in the portal (the demo main site is not the portal's to judge).
    expect(page.errors).toEqual([])
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/bclip\/login\?data=/)
    expect(await received(page, 'username')).toBe('mfa_new_user')
    expect(await received(page, 'custnumber')).toBe('BC10002')
  })

  it('challenges a known user on a new device, then recognises the device', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('fidbond')))
    const decision = page.waitForRequest('**/api/mfa/getMFAUser')
    await submitLogin(page, 'fidbond_demo', demoPassword)
    const headers = (await decision).headers()
    const deviceId = await page.evaluate(() => localStorage.getItem('portalDeviceId'))
    expect(deviceId).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(headers.mfadeviceprint).toBe(deviceId)
    expect(headers.username).toBe('fidbond_demo')
    expect(headers.mfaclientip).toBe('')

    // CHALLENGE_LOGIN: screen 11 with the details on file.
    await onScreen(page, '/usweb/verificationinfostep1')
    await page.getByRole('radio', { name: /^Email\b/ }).waitFor()
    // Issue 27: the device is trusted only when "Remember this device" is ticked.
    await passSecondFactor(page, e2e.portal, undefined, { remember: true })
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/fidbond\/login\?data=/)

    // The same browser again: the right password goes straight through.
    const again = await page.context().newPage()
    const visited: string[] = []
    again.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname))
    await again.goto(e2e.portal.url(uswebLoginPath('fidbond')))
    await submitLogin(again, 'fidbond_demo', demoPassword)
    await again.waitForURL(/\/demo\/main-site\/usweb\/#\/fidbond\/login\?data=/)
    expect(visited.filter((path) => /verification/.test(path))).toEqual([])
    expect(await again.locator('dd[data-field="username"]').textContent()).toBe('fidbond_demo')
  })

  it('sends the sixth wrong code to the support screen with a ticket number', async () => {
    const page = await logIn(uswebLoginPath('dtcria'), 'dtcria_demo', demoPassword, checked)
    await onScreen(page, '/usweb/verificationinfostep1')
    const before = await chooseEmailDelivery(page, e2e.portal)
    const code = await verificationCodeAfter(e2e.portal, before)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitCode(page, wrong)
      // Issue 27: from the fourth wrong code the service's count of tries left follows.
      const left = 6 - attempt
      expect(await bannerItems(page)).toEqual(
        left <= 2
          ? [messages.mfa.wrongCode, screenTexts.mfa.attemptsLeft(left)]
          : [messages.mfa.wrongCode],
      )
      expect(await page.getByRole('textbox', { name: 'Verification Code' }).inputValue()).toBe('')
    }
    await submitCode(page, wrong)

    await onScreen(page, '/usweb/support')
    await page.getByRole('heading', { name: 'Customer Support', level: 1 }).waitFor()
    // Issue 43 (2): shown as text under its label (a field cut it off on phones).
    await page.getByRole('term').getByText(screenTexts.support.ticketLabel).waitFor()
    const ticket = (await page.locator('#mfa-ticket').textContent()) ?? ''
    // Issue 27: grouped to read aloud; the address keeps the number itself.
    expect(ticket).toMatch(/^INC \d{4} \d{4} \d+$/)
    expect(new URL(page.url()).searchParams.get('incidentID')).toBe(ticket.replaceAll(' ', ''))
    await page.getByText(screenTexts.support.callUs(phoneOf('dtcria'))).waitFor()
    expect(await page.getByText(screenTexts.support.plHours).count()).toBe(0)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await onScreen(page, '/usweb/login')
    expect(new URL(page.url()).search).toBe('?prgName=dtcria&level1Org=100')
    // LOCKOUT: the account is locked, even with the right password.
    await submitLogin(page, 'dtcria_demo', demoPassword)
    await page.getByRole('alert').getByRole('link', { name: messages.login.lockedLink }).waitFor()
  })

  it('sends a new code on request, said as a notice (not an error), and only the new code works', async () => {
    const page = await logIn(uswebLoginPath('dtcmyaccount'), 'dtcmyaccount_demo', demoPassword)
    await onScreen(page, '/usweb/verificationinfostep1')
    const first = await chooseEmailDelivery(page, e2e.portal)
    const oldCode = await verificationCodeAfter(e2e.portal, first)

    const second = await newestOutboxId(e2e.portal)
    await page.getByRole('button', { name: 'Generate new Code' }).click()
    // Issue 43 (item 3): a calm status in usweb as in pl; no "Error" banner.
    await page.getByRole('status').getByText(messages.mfa.newCodeSent).waitFor()
    expect(await page.getByRole('heading', { name: messages.errorBannerHeading }).count()).toBe(0)
    expect(page.url()).toContain('/usweb/verificationinfostep3')
    const newCode = await verificationCodeAfter(e2e.portal, second)

    if (newCode !== oldCode) {
      await submitCode(page, oldCode)
      expect(await bannerItems(page)).toEqual([messages.mfa.wrongCode])
    }
    await enterVerificationCode(page, newCode)
    // Spec §4: status MyAccount1 goes to the program landing.
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/dtcmyaccount\/MyAccount1\?data=/)
  })

  it('changes the delivery mode and asks for support from the delivery choice', async () => {
    const page = await logIn(uswebLoginPath('dtclifeagents'), 'dtclifeagents_demo', demoPassword)
    await onScreen(page, '/usweb/verificationinfostep1')
    await chooseEmailDelivery(page, e2e.portal)
    await page.getByRole('link', { name: 'Change Delivery Mode' }).click()
    await onScreen(page, '/usweb/verificationinfostep1')
    await page.getByRole('radio', { name: /^Mobile\b/ }).check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByText(screenTexts.mfa.codeSent('mobile')).waitFor()
    await page.getByRole('link', { name: 'Change Delivery Mode' }).click()

    await page.getByRole('button', { name: 'Contact Support' }).click()
    await onScreen(page, '/usweb/support')
    expect(await page.locator('#mfa-ticket').textContent()).toMatch(/^INC[\d ]+$/)
  })

  it('updates the details after the code when asked, then confirms them next time', async () => {
    const page = await logIn(uswebLoginPath('augustar'), 'augustar_demo', demoPassword, checked)
    await onScreen(page, '/usweb/verificationinfostep1')
    await page.getByLabel('Update my verification contact details after verifying').check()
    const before = await chooseEmailDelivery(page, e2e.portal)
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))

    // Screen 13, prefilled with the details on file.
    await onScreen(page, '/usweb/updateinformationstep1component')
    await page.getByRole('heading', { name: 'Update Verification Information' }).waitFor()
    await page.getByText(screenTexts.mfa.updateIntro).waitFor()
    const email = page.getByRole('textbox', { name: 'Email address' })
    expect(await email.inputValue()).toBe('augustar.demo@example.com')
    const personal = page
      .getByRole('group', { name: 'Type of email address' })
      .getByLabel('Personal')
    expect(await personal.isChecked()).toBe(true)
    await expectAccessible(page)
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('312-555-0142')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    // The landing of augustar, as without the update.
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/augustar\/homePage\?data=/)

    // Changed details are unverified: the next sign-in confirms them first (screen 9).
    const again = await page.context().newPage()
    await again.goto(e2e.portal.url(uswebLoginPath('augustar')))
    await submitLogin(again, 'augustar_demo', demoPassword)
    await onScreen(again, '/usweb/confirmverificationinfostep1')
    await again.getByRole('heading', { name: 'Confirm Verification Information' }).waitFor()
    // Masked before this sign-in's code (issue 40).
    await again.getByText('***-***-0142', { exact: true }).waitFor()
    await expectAccessible(again)
    await again.getByRole('button', { name: 'Continue', exact: true }).click()
    await onScreen(again, '/usweb/verificationinfostep1')
    await again.getByRole('radio', { name: /\*\*\*-\*\*\*-0142/ }).waitFor()
  })

  it('lands a cabar user on cabar/myaccount with the promo code', async () => {
    const page = await logIn(uswebLoginPath('cabar'), 'cabar_demo', demoPassword)
    await passSecondFactor(page, e2e.portal)
    await page.waitForURL(mainSite)
    await page.locator('dd[data-field="route"]').waitFor()
    expect(await received(page, 'route')).toBe('cabar/myaccount')
    expect(await received(page, 'promoReqCode')).toBe('CA114')
    expect(await received(page, 'username')).toBe('cabar_demo')
  })
})

describe('verification (pl)', () => {
  it('challenges a pl user, tells of a new code as information, and hands on', async () => {
    const page = await logIn('/proliability/login', 'proliability_demo', demoPassword, checked)
    await onScreen(page, '/proliability/verificationinfostep1')
    await page.getByRole('radio', { name: /^Email\b/ }).waitFor()
    expect(await page.locator('.mfa--pl').count()).toBe(1)
    await expectAccessible(page)

    // `mfa` is the same screen in pl.
    await page.goto(e2e.portal.url('/proliability/mfa'))
    await page.getByRole('radio', { name: /^Email\b/ }).waitFor()
    const first = await chooseEmailDelivery(page, e2e.portal)
    await verificationCodeAfter(e2e.portal, first)

    const second = await newestOutboxId(e2e.portal)
    await page.getByRole('button', { name: 'Generate new Code' }).click()
    await page.getByRole('status').getByText(messages.mfa.newCodeSent).waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.getByRole('button', { name: 'here', exact: true }).waitFor()
    await expectAccessible(page)

    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, second))
    await page.waitForURL(policyApp)
    expect(await received(page, 'username')).toBe('proliability_demo')
  })

  it('offers support from the pl contact form, then enrols the user on the next try', async () => {
    const created = await createAccount(e2e.portal, {
      custnum: 'PL10002',
      username: 'mfa_pl_new_user',
      password: 'Brisk#Lantern26',
    })
    expect(created.ok).toBe(true)
    const page = await logIn('/proliability/login', 'mfa_pl_new_user', 'Brisk#Lantern26', checked)
    await onScreen(page, '/proliability/verificationinfostep2')
    await page.getByRole('heading', { name: 'Verification Information' }).waitFor()
    // pl: Continue stays enabled; an incomplete form says what is missing (the offered email
    // cleared here; the types are Personal unless changed, issue 43).
    // The offered email is masked (issue 40): changed, its field opens empty.
    await page.getByRole('button', { name: 'Change email address' }).click()
    const offered = page.getByLabel('Email address', { exact: true })
    // Left first: its message then moves the button before the click, not during it.
    await offered.blur()
    await page.getByText(messages.validation.required).first().waitFor()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByText(messages.validation.required).first().waitFor()
    await expectAccessible(page)

    await page.getByRole('button', { name: screenTexts.mfa.plNeedHelp }).click()
    await onScreen(page, '/proliability/support')
    await page.getByText(screenTexts.support.plHours).waitFor()
    await page.getByText(screenTexts.support.callUs(phoneOf('proliability'))).waitFor()
    expect(await page.locator('#mfa-ticket').textContent()).toMatch(/^INC[\d ]+$/)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await onScreen(page, '/proliability/login')

    await submitLogin(page, 'mfa_pl_new_user', 'Brisk#Lantern26')
    await onScreen(page, '/proliability/verificationinfostep2')
    await passSecondFactor(page, e2e.portal)
    await page.waitForURL(policyApp)
    expect(await received(page, 'username')).toBe('mfa_pl_new_user')
  })
})
