// Issue 40, row M9, as the member sees it: someone who always chose email codes recovers the
// password by email. The next code can go only by text, to the number on their record: the
// delivery screen offers that one option, masked, and says why. Both flavours (their
// verification screens are laid out apart).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { maskEmail, maskPhone, programOf, screenTexts, type ProgramCode } from '@portal/contract'
import { createAccount, demoCustomers } from '@portal/server/testing'
import {
  accessibilityViolations,
  enterVerificationCode,
  latestSent,
  newestOutboxId,
  openPage,
  passSecondFactor,
  portalAndBrowser,
  submitLogin,
  uswebLoginPath,
  verificationCodeAfter,
  type PortalPage,
} from './fixtures.ts'

const e2e = portalAndBrowser()
const onScreen = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)
const receiver = /\/demo\/(main-site|policy-app)\//

async function expectAccessible(page: PortalPage) {
  await page.locator('.spinner').waitFor({ state: 'hidden' })
  expect(await accessibilityViolations(page)).toEqual([])
}

const cases: { program: ProgramCode; area: 'usweb' | 'proliability'; username: string }[] = [
  { program: 'fidbond', area: 'usweb', username: 'acc_email_only_u' },
  { program: 'proliability', area: 'proliability', username: 'acc_email_only_p' },
]

describe.each(cases)('after a recovery by email ($area)', ({ program, area, username }) => {
  it('offers only the text option, to the masked number on record, for a member who never proved the phone', async () => {
    const customer = demoCustomers.find((c) => c.program === program && !c.username)
    if (!customer) throw new Error(`no new customer for ${program}`)
    const created = await createAccount(e2e.portal, {
      custnum: customer.custnum,
      username,
      password: 'Own#Harbor2026',
    })
    expect(created.ok).toBe(true)
    const loginPath =
      programOf(program).flavour === 'pl' ? '/proliability/login' : uswebLoginPath(program)

    // The member enrols with the record's contacts and, as always, takes the code by email.
    const first = await openPage(e2e.browser)
    await first.goto(e2e.portal.url(loginPath))
    await submitLogin(first, username, 'Own#Harbor2026')
    await passSecondFactor(first, e2e.portal)
    await first.waitForURL(receiver)

    // A temporary password by email, replaced by a password of their own.
    const page = await openPage(e2e.browser, { width: 360, bypassCSP: true })
    await page.goto(e2e.portal.url(loginPath))
    await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
    await onScreen(page, `/${area}/forgot-password`)
    if (area === 'usweb') {
      await page.getByRole('radio', { name: 'Email', exact: true }).check()
      await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(customer.email)
      await page.getByRole('button', { name: 'Submit' }).click()
    } else {
      await page.getByRole('radio', { name: 'Username', exact: true }).check()
      await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
      await page.getByRole('button', { name: 'Submit' }).click()
      await onScreen(page, '/proliability/forgotpassword2')
      const shortMask = `${customer.email.slice(0, 1)}***${customer.email.slice(customer.email.lastIndexOf('@'))}`
      await page.getByRole('radio', { name: `Email: ${shortMask}` }).check()
      await page.getByRole('button', { name: 'Submit' }).click()
    }
    await onScreen(page, `/${area}/reset-password`)
    const sent = await latestSent(e2e.portal, customer.email, 'temporary-password')
    const temporary = /temporary password is:? ([^\s.]+)/.exec(sent.body)?.[1] ?? ''
    await page.getByRole('link', { name: 'Return to Login' }).click()
    await onScreen(page, loginPath.split('?')[0] ?? loginPath)
    await submitLogin(page, username, temporary)
    await onScreen(page, `/${area}/updatetemppassword`)
    await page.getByLabel('Confirm Password').waitFor()
    await page.getByLabel('Password', { exact: true }).fill('Harbor#Again2027')
    await page.getByLabel('Confirm Password').fill('Harbor#Again2027')
    await page.getByRole('button', { name: 'Submit' }).click()
    await onScreen(page, `/${area}/updatetemppasswordsuccess`)
    await page.getByRole('link', { name: 'Return to Login' }).click()
    await submitLogin(page, username, 'Harbor#Again2027')

    // The contacts are bound, nothing to confirm (issue 43, item 6): straight to the delivery
    // screen, the phone on record only, masked, nothing to type.
    await page.waitForURL((url) => /\/verificationinfostep1$|\/mfa$/.test(url.pathname))
    await page.getByText(screenTexts.mfa.boundContactsIntro).waitFor()
    await page
      .getByText(maskPhone(customer.phone) ?? '')
      .first()
      .waitFor()
    expect(await page.getByText(maskEmail(customer.email) ?? '').count()).toBe(0)
    expect(await page.getByRole('textbox').count()).toBe(0)
    await expectAccessible(page)

    // The text option alone, with the number masked, and why.
    await page.getByText(screenTexts.mfa.recentRecovery('email')).waitFor()
    const mobile = page.getByRole('radio', { name: /^Mobile\b/ })
    await mobile.waitFor()
    expect(await page.getByRole('radio').count()).toBe(1)
    expect(await page.getByText(maskPhone(customer.phone) ?? '').count()).toBeGreaterThan(0)
    expect(await page.getByText(customer.phone.slice(0, 6)).count()).toBe(0)
    await expectAccessible(page)

    // The member, who has the phone, gets the code by text and is handed off.
    await mobile.check()
    const before = await newestOutboxId(e2e.portal)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/verificationinfostep3'))
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))
    await page.waitForURL(receiver)
    const code = await latestSent(e2e.portal, `+1${customer.phone}`, 'verification-code')
    expect(code.id).toBeGreaterThan(before)
    expect(page.errors).toEqual([])
  })
})
