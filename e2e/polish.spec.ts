// Review problem 15, the remaining consistency polish, in Chromium: the pl header on phones.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { accessibilityViolations, openPage, portalAndBrowser } from './fixtures.ts'

const e2e = portalAndBrowser()

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** The focused element's accessible text (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim()
  })

/** Presses Tab (or Shift+Tab) until the focused control is named `name`, at most 30 times. */
async function tabTo(page: Page, name: string, key = 'Tab'): Promise<string[]> {
  const passed: string[] = []
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press(key)
    const now = await focusedName(page)
    passed.push(now)
    if (now === name) return passed
  }
  throw new Error(`never reached ${name}; passed ${passed.join(' | ')}`)
}

async function openPlPage(width: number, height: number, path: string) {
  const page = await openPage(e2e.browser, { width, bypassCSP: true })
  await page.setViewportSize({ width, height })
  await page.goto(e2e.portal.url(path))
  const header = page.getByRole('banner')
  // The phone number is the last part of the header to come (a lookup).
  await header.locator('.phone-link').waitFor()
  return { page, header }
}

const heightOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().height)

describe('the pl header on phones (review 15)', () => {
  it('is the logo, the language, the phone and Contact Us at 390×844, all by keyboard', async () => {
    const { page, header } = await openPlPage(390, 844, '/proliability/forgot-password')
    // Before: 229 px (logo, phone, email, Home and Contact Us each a row); now two rows.
    expect(await heightOf(page, '.brand-header')).toBeLessThan(150)
    expect(await header.getByRole('link', { name: 'Home' }).isVisible()).toBe(false)
    expect(await header.getByRole('link', { name: /@/ }).isVisible()).toBe(false)
    expect(await fitsWidth(page)).toBe(true)
    expect(await accessibilityViolations(page)).toEqual([])

    // Tab reaches the language, the phone and Contact Us, in the order they are seen.
    const passed = await tabTo(page, 'Contact Us')
    expect(passed).toContain('Español')
    expect(passed.some((name) => /^\d{3}-\d{3}-\d{4}$/.test(name))).toBe(true)
    expect(passed.indexOf('Español')).toBeLessThan(passed.length - 1)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Contact Us' })
    await dialog.waitFor()
    // The email and Home are in the window, reachable from its Close button.
    expect(await focusedName(page)).toBe('Close')
    await dialog.getByRole('link', { name: /@/ }).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await tabTo(page, 'Home', 'Shift+Tab')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/proliability/login')
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('heading', { name: 'Account Login', level: 1 }).waitFor()
    expect(page.errors).toEqual([])
  })

  it('fits 320 px without sideways scrolling, in at most three rows', async () => {
    const { page } = await openPlPage(320, 256, '/proliability/login')
    // Before: 277 px at 320 px wide (at 400% zoom, 228 of 256 px).
    expect(await heightOf(page, '.brand-header')).toBeLessThan(200)
    expect(await fitsWidth(page)).toBe(true)
  })

  it('shows the email and Home in the header on wider screens, Home styled as Contact Us', async () => {
    const { page, header } = await openPlPage(1366, 900, '/proliability/login')
    const home = header.getByRole('link', { name: 'Home' })
    const contact = header.getByRole('button', { name: 'Contact Us' })
    expect(await home.isVisible()).toBe(true)
    expect(await header.getByRole('link', { name: /@/ }).isVisible()).toBe(true)
    const look = (element: Element) => {
      const style = getComputedStyle(element)
      return [style.borderTopColor, style.color, style.backgroundColor, style.height]
    }
    expect(await home.evaluate(look)).toEqual(await contact.evaluate(look))
    // Home is in the header, so the window does not repeat it.
    await contact.click()
    const dialog = page.getByRole('dialog', { name: 'Contact Us' })
    await dialog.waitFor()
    expect(await dialog.getByRole('link', { name: 'Home' }).isVisible()).toBe(false)
  })
})
