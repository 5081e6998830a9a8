// Issue 40, row P2: before a code passes in this sign-in, the confirm screen (spec §2 screen 9)
// shows the email address and mobile number on file masked, each with "Change" (its field
// opens empty, to type a new one in full) and, once changed, "Keep" (back to the one on file).
// Both flavours, at 360 px, with the axe-core check; the member then passes the code and is
// handed off as before.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { maskEmail, maskPhone, screenTexts } from '@portal/contract'
import { demoCustomers, unprovePhone } from '@portal/server/testing'
import {
  accessibilityViolations,
  chooseEmailDelivery,
  demoPassword,
  enterVerificationCode,
  fitsWidth,
  openPage,
  portalAndBrowser,
  submitLogin,
  uswebLoginPath,
  verificationCodeAfter,
} from './fixtures.ts'

const e2e = portalAndBrowser()

async function expectAccessible(page: Page) {
  await page.locator('.spinner').waitFor({ state: 'hidden' })
  expect(await accessibilityViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
}

const flavours = [
  {
    flavour: 'usweb',
    username: 'bclip_demo',
    loginPath: uswebLoginPath('bclip'),
    base: '/usweb',
    handedOff: /\/demo\/main-site\/usweb\/#\/bclip\/login\?data=/,
  },
  {
    flavour: 'pl',
    username: 'proliability_demo',
    loginPath: '/proliability/login',
    base: '/proliability',
    handedOff: /\/demo\/policy-app\/\?loginRedirect=y/,
  },
] as const

describe.each(flavours)(
  'the confirm screen before a code ($flavour)',
  ({ username, loginPath, base, handedOff }) => {
    it('shows the contacts masked with Change and Keep, accessible, and the code then passes', async () => {
      const member = demoCustomers.find((c) => c.username === username)
      if (!member?.email || !member.phone) throw new Error(username)
      // A member who always chose email: the mobile number was never proven.
      await unprovePhone(e2e.portal, username)
      const page = await openPage(e2e.browser, { width: 360, bypassCSP: true })
      await page.goto(e2e.portal.url(loginPath))
      await submitLogin(page, username, demoPassword)
      await page.waitForURL((url) => url.pathname === `${base}/confirmverificationinfostep1`)

      await page.getByText(screenTexts.mfa.maskedContactsIntro).waitFor()
      const maskedPhone = maskPhone(member.phone) ?? ''
      await page.getByText(maskEmail(member.email) ?? '', { exact: true }).waitFor()
      await page.getByText(maskedPhone, { exact: true }).waitFor()
      // Nothing on the page, or in what it was sent, gives them in full.
      const shown = await page.content()
      expect(shown).not.toContain(member.email)
      const { phone } = member
      expect(shown).not.toContain(phone)
      expect(shown).not.toContain(`${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`)
      expect(await page.getByRole('textbox', { name: 'Mobile number' }).count()).toBe(0)
      await expectAccessible(page)

      // Change: the field opens empty, with the focus in it.
      await page.getByRole('button', { name: 'Change mobile number' }).click()
      const mobile = page.getByRole('textbox', { name: 'Mobile number' })
      expect(await mobile.inputValue()).toBe('')
      expect(await mobile.evaluate((element) => element === document.activeElement)).toBe(true)
      await expectAccessible(page)
      // Keep: back to the one on file.
      await page.getByRole('button', { name: `Keep ${maskedPhone}` }).click()
      await mobile.waitFor({ state: 'detached' })
      await page.getByText(maskedPhone, { exact: true }).waitFor()

      // Continue keeps both; the code goes by email and the sign-in is handed off.
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.waitForURL((url) => url.pathname === `${base}/verificationinfostep1`)
      const before = await chooseEmailDelivery(page, e2e.portal)
      await enterVerificationCode(page, await verificationCodeAfter(e2e.portal, before))
      await page.waitForURL(handedOff)
      await page.context().close()
    })
  },
)
