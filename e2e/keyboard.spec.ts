// Issue 6 (WCAG 2.1.1, 2.4.7): login, registration and code entry done with the keyboard
// alone (Tab, typing, Space, Enter; no clicks), every focused control showing a focus ring.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { programOf } from '@portal/contract'
import { demoCustomers } from '@portal/server/testing'
import {
  demoPassword,
  newestOutboxId,
  openPage,
  uswebLoginPath,
  verificationCodeAfter,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser()

interface Focused {
  name: string
  tag: string
  type: string
  focusVisible: boolean
  ring: boolean
}

/** What has focus: its accessible name (label, aria-label or text) and whether a ring shows. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) {
      return { name: '', tag: 'body', type: '', focusVisible: false, ring: false }
    }
    const labelled = element.getAttribute('aria-labelledby')
    const labels = (element as HTMLInputElement).labels
    const name = (
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (labels && labels.length > 0 ? labels[0]?.textContent : null) ??
      element.textContent ??
      ''
    ).trim()
    const style = getComputedStyle(element)
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
      style.boxShadow !== 'none'
    return {
      name,
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute('type') ?? '',
      focusVisible: element.matches(':focus-visible'),
      ring,
    }
  })
}

/**
 * Presses Tab until the focused control's name starts with `name` (at most 40 presses),
 * checking that each control reached shows a visible focus ring.
 */
async function tabTo(page: Page, name: string | RegExp): Promise<Focused> {
  const matches = (f: Focused) =>
    typeof name === 'string' ? f.name.startsWith(name) : name.test(f.name)
  const seen: string[] = []
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    if (now.tag !== 'body') {
      expect(now.focusVisible, `focus-visible on ${now.tag} "${now.name}"`).toBe(true)
      expect(now.ring, `focus ring on ${now.tag} "${now.name}"`).toBe(true)
    }
    seen.push(now.name)
    if (matches(now)) return now
  }
  throw new Error(`Tab never reached "${String(name)}"; went through ${JSON.stringify(seen)}`)
}

async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, label)
  await page.keyboard.type(text)
}

const onScreen = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path)

/**
 * Waits for a form or done screen to arrive as a keyboard user meets it: at its address, with
 * focus moved to its heading. Tabbing earlier races that move (the screen commits, then
 * focuses its heading), and a key pressed in between would land on the heading.
 */
async function arriveAt(page: Page, path: string) {
  await onScreen(page, path)
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
}

describe('keyboard only', () => {
  it('logs in, chooses a delivery mode and enters the code with the keyboard', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('bclip')))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await typeInto(page, 'Username', 'bclip_demo')
    await typeInto(page, 'Password', demoPassword)
    await page.keyboard.press('Enter')

    // Screen 11: a radio is chosen with Space, Continue pressed with Enter.
    await arriveAt(page, '/usweb/verificationinfostep1')
    await page.getByRole('radio').first().waitFor()
    const email = await tabTo(page, /^Email\b/)
    expect(email.type).toBe('radio')
    await page.keyboard.press('Space')
    const before = await newestOutboxId(e2e.portal)
    await tabTo(page, 'Continue')
    await page.keyboard.press('Enter')

    // Screen 12: the code typed, Submit by Enter in the field.
    await arriveAt(page, '/usweb/verificationinfostep3')
    await page.getByRole('textbox', { name: 'Verification Code' }).waitFor()
    const code = await verificationCodeAfter(e2e.portal, before)
    await typeInto(page, 'Verification Code', code)
    // Judged before leaving: the demo receiver's own requests are no part of the portal.
    expect(page.errors).toEqual([])
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/demo\/main-site\/usweb\/#\/bclip\/login\?data=/)
  })

  it('shows a wrong password in the banner and moves focus to it', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('fidbond')))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await typeInto(page, 'Username', 'fidbond_demo')
    await typeInto(page, 'Password', 'Wrong#Password1')
    await page.keyboard.press('Enter')
    await page.getByRole('alert').waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('[role="alert"]') !== null)
  })

  it('registers through steps 1 to 3 with the keyboard', async () => {
    const customer = demoCustomers.find(
      (c) => c.program === 'dtcria' && !c.username && !c.status && c.custnum.endsWith('2'),
    )
    if (!customer) throw new Error('no dtcria newcomer')
    const page = await openPage(e2e.browser, { width: 360 })
    await page.goto(e2e.portal.url(uswebLoginPath('dtcria')))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await tabTo(page, 'Sign Up')
    await page.keyboard.press('Enter')

    await arriveAt(page, '/usweb/registerstep1')
    await page.getByRole('heading', { name: 'Register Your Account', level: 1 }).waitFor()
    const number = customer.custnum.slice(programOf('dtcria').customerNumberPrefix.length)
    await typeInto(page, 'Account Number', number)
    await typeInto(page, 'Email Address', customer.email)
    await typeInto(page, 'Mobile Number', customer.phone)
    await tabTo(page, 'Next')
    await page.keyboard.press('Enter')

    await arriveAt(page, '/usweb/registerstep2')
    await page.getByRole('heading', { name: 'Create Your Login', level: 1 }).waitFor()
    await typeInto(page, 'Username', 'dtcria_keyboard')
    await typeInto(page, 'Password', 'Lantern#Pine26')
    await typeInto(page, 'Confirm Password', 'Lantern#Pine26')
    await tabTo(page, 'Submit')
    await page.keyboard.press('Enter')

    await arriveAt(page, '/usweb/registerstep3')
    await tabTo(page, 'Return to Login')
    // The login screen is already loaded: the router can be there before the key press
    // returns, so the wait starts with the press.
    await Promise.all([onScreen(page, '/usweb/login'), page.keyboard.press('Enter')])
    expect(page.errors).toEqual([])
  })
})
