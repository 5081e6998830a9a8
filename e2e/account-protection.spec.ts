// Issue 32 as a member sees it: after a password reset the contacts proven before stay bound
// (the confirm screen shows them masked, and the code goes to the other channel than the one
// the temporary password went by), and a new account enrols with the contacts on its record.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { maskEmail, maskPhone, messages, screenTexts, type ProgramCode } from '@portal/contract'
import { createAccount, demoCustomers } from '@portal/server/testing'
import {
  accessibilityViolations,
  latestSent,
  openPage,
  portalAndBrowser,
  submitContactForm,
  largeTextProblems,
  submitLogin,
  uswebLoginPath,
  verificationCodeAfter,
  newestOutboxId,
  enterVerificationCode,
  type PortalPage,
} from './fixtures.ts'

const e2e = portalAndBrowser()
const mainSite = /\/demo\/main-site\/usweb\/#\//
const onScreen = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

function customerOf(program: ProgramCode, which: 'demo' | 'new') {
  const customer = demoCustomers.find(
    (c) => c.program === program && c.email === `${program}.${which}@example.com`,
  )
  if (!customer) throw new Error(`no ${which} customer for ${program}`)
  return customer
}

/** Judged at rest, as the other screen walks do. */
async function expectAccessible(page: PortalPage) {
  await page.locator('.spinner').waitFor({ state: 'hidden' })
  expect(await accessibilityViolations(page)).toEqual([])
}

async function bannerItems(page: PortalPage) {
  const banner = page.getByRole('alert')
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  return banner.getByRole('listitem').allTextContents()
}

describe('after a password reset by email (R1, M9)', () => {
  it('shows the proven contacts masked, and sends the code by text to the proven phone', async () => {
    const owner = customerOf('dtcria', 'demo')
    const username = owner.username ?? ''
    const page = await openPage(e2e.browser, { width: 360, bypassCSP: true })
    await page.goto(e2e.portal.url(uswebLoginPath('dtcria')))

    // Someone locks the account with three wrong passwords; the owner resets it by email.
    for (const attempt of ['Wrong#0001', 'Wrong#0002', 'Wrong#0003']) {
      await submitLogin(page, username, attempt)
      await page.locator('.spinner[data-active="false"]').waitFor({ state: 'attached' })
    }
    await page.getByRole('link', { name: messages.login.lockedLink }).click()
    await onScreen(page, '/usweb/forgot-password')
    await page.getByRole('radio', { name: 'Email', exact: true }).check()
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(owner.email)
    await page.getByRole('button', { name: 'Submit' }).click()
    await onScreen(page, '/usweb/reset-password')
    const sent = await latestSent(e2e.portal, owner.email, 'temporary-password')
    const temporary = /temporary password is:? ([^\s.]+)/.exec(sent.body)?.[1] ?? ''
    // The other channel hears of it.
    await latestSent(e2e.portal, `+1${owner.phone}`, 'temporary-password-notice')

    await page.getByRole('link', { name: 'Return to Login' }).click()
    await onScreen(page, '/usweb/login')
    await submitLogin(page, username, temporary)
    await onScreen(page, '/usweb/updatetemppassword')
    await page.getByLabel('Confirm Password').waitFor()
    await page.getByLabel('Password', { exact: true }).fill('Owner#Again2027')
    await page.getByLabel('Confirm Password').fill('Owner#Again2027')
    await page.getByRole('button', { name: 'Submit' }).click()
    await onScreen(page, '/usweb/updatetemppasswordsuccess')
    await page.getByRole('link', { name: 'Return to Login' }).click()
    await onScreen(page, '/usweb/login')
    await submitLogin(page, username, 'Owner#Again2027')

    // RE_ENROLL/UNLOCKED: the contacts proven before are bound, nothing to confirm (issue
    // 43, item 6): straight on to where the code goes, which says why.
    await onScreen(page, '/usweb/verificationinfostep1')
    await page.getByText(screenTexts.mfa.boundContactsIntro).waitFor()
    // The temporary password went by email: the code goes by text to the proven phone only
    // (M9), chosen already.
    await page.getByText(screenTexts.mfa.recentRecovery('email')).waitFor()
    await page.getByText(maskPhone(owner.phone) ?? '').waitFor()
    expect(await page.getByText(maskEmail(owner.email) ?? '').count()).toBe(0)
    expect(await page.getByRole('textbox').count()).toBe(0)
    expect(await page.getByText(owner.email).count()).toBe(0)
    const mobile = page.getByRole('radio', { name: /^Mobile\b/ })
    await mobile.waitFor()
    expect(await page.getByRole('radio').count()).toBe(1)
    expect(await mobile.isChecked()).toBe(true)
    await expectAccessible(page)
    expect(await largeTextProblems(page)).toEqual([])
    const before = await newestOutboxId(e2e.portal)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await onScreen(page, '/usweb/verificationinfostep3')
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))
    await page.waitForURL(mainSite)
    // The one refusal above is the browser's note of the 400 it was meant to get.
    expect(page.errors.filter((e) => !e.includes('status of 400'))).toEqual([])
  })
})

describe('a new account enrols with the contacts on its record (H2)', () => {
  it('refuses contacts that are not on the record, then takes the record ones', async () => {
    const customer = customerOf('bclip', 'new')
    const created = await createAccount(e2e.portal, {
      custnum: customer.custnum,
      username: 'first_enrolment',
      password: 'Brisk#Lantern26',
    })
    expect(created.ok).toBe(true)
    const page = await openPage(e2e.browser, { width: 360, bypassCSP: true })
    await page.goto(e2e.portal.url(uswebLoginPath('bclip')))
    await submitLogin(page, 'first_enrolment', 'Brisk#Lantern26')

    await onScreen(page, '/usweb/verificationinfostep2')
    await submitContactForm(page, { email: 'someone.else@example.com', phone: '312-555-0177' })
    expect(await bannerItems(page)).toEqual([messages.mfa.firstCodeOnRecord])
    expect(page.url()).toContain('/usweb/verificationinfostep2')
    await expectAccessible(page)

    const phone = customer.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3')
    // The record's contacts: the first code goes at once to the email (issue 43, item 10).
    const before = await newestOutboxId(e2e.portal)
    await submitContactForm(page, { email: customer.email, phone })
    await onScreen(page, '/usweb/verificationinfostep3')
    await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))
    await page.waitForURL(mainSite)
    // The one refusal above is the browser's note of the 400 it was meant to get.
    expect(page.errors.filter((e) => !e.includes('status of 400'))).toEqual([])
  })
})
