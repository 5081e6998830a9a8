// Review problem 15, the remaining consistency polish, in Chromium: the pl header on phones,
// radios as tiles, "Change Delivery Mode" on one line, the password emptied after a failed
// sign-in.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  accessibilityViolations,
  fitsWidth,
  chooseEmailDelivery,
  demoPassword,
  openPage,
  portalAndBrowser,
  submitLogin,
  uswebLoginPath,
} from './fixtures.ts'

const e2e = portalAndBrowser()

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
  // The portal's header, not the login shell's that the server sends before the script runs
  // (it has a banner and the number too, and nothing else): its number is the last part to come.
  const header = page.locator('.brand-header')
  await header.locator('a.phone-link').waitFor()
  return { page, header }
}

const heightOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().height)

describe('the pl header on phones (review 15)', () => {
  it('is the logo, the language, the phone and Contact Us at 390×844, all by keyboard', async () => {
    const { page, header } = await openPlPage(390, 844, '/proliability/login')
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
    // From another screen: Contact Us opens the window, whose Home leads to the login.
    await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
    await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
    await tabTo(page, 'Contact Us', 'Shift+Tab')
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

/** The tiles of a radio group: each radio's label box, border and place. */
function tilesOf(page: Page, group: string) {
  return page
    .getByRole('group', { name: group })
    .getByRole('radio')
    .evaluateAll((radios) =>
      radios.map((radio) => {
        const tile = (radio as HTMLInputElement).labels?.[0]
        const box = tile?.getBoundingClientRect()
        const style = tile ? getComputedStyle(tile) : null
        return {
          border: style ? parseFloat(style.borderTopWidth) : 0,
          left: Math.round(box?.left ?? 0),
          width: Math.round(box?.width ?? 0),
          height: Math.round(box?.height ?? 0),
        }
      }),
    )
}

describe('radios as tiles (review 15)', () => {
  for (const width of [1280, 390]) {
    it(`shows the recovery options as aligned, bordered tiles at ${width} px`, async () => {
      const page = await openPage(e2e.browser, { width, bypassCSP: true })
      // The guard lets the recovery be reached from the login page only.
      await page.goto(e2e.portal.url('/proliability/login'))
      await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
      await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
      const tiles = await tilesOf(page, 'Recovery option')
      expect(tiles.length).toBe(4)
      for (const tile of tiles) {
        expect(tile.border).toBeGreaterThanOrEqual(1)
        // A large target, as on the delivery screens.
        expect(tile.height).toBeGreaterThanOrEqual(44)
        expect(tile.width).toBe(tiles[0]?.width)
      }
      // Aligned: in columns (two at most), not wherever the words end.
      expect(new Set(tiles.map((tile) => tile.left)).size).toBeLessThanOrEqual(2)
      await page.getByRole('radio', { name: 'Username', exact: true }).check()
      await page.getByRole('textbox', { name: 'Username' }).waitFor()
      expect(await fitsWidth(page)).toBe(true)
      expect(await accessibilityViolations(page)).toEqual([])
    })
  }
})

describe('the code screen (review 15)', () => {
  it('keeps "Change Delivery Mode" on one line at 1366 px', async () => {
    const page = await openPage(e2e.browser, { width: 1366 })
    await page.goto(e2e.portal.url(uswebLoginPath('fidbond')))
    await submitLogin(page, 'fidbond_demo', demoPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/verificationinfostep1')
    await chooseEmailDelivery(page, e2e.portal)
    const change = page.getByRole('link', { name: 'Change Delivery Mode' })
    await change.waitFor()
    const lines = await change.evaluate((element) => {
      const words = document.createRange()
      words.selectNodeContents(element)
      return new Set(Array.from(words.getClientRects(), (rect) => Math.round(rect.top))).size
    })
    expect(lines).toBe(1)
    // Its box is one line high: the button's least height, not two lines of text.
    const height = await change.evaluate((element) => element.getBoundingClientRect().height)
    expect(height).toBeLessThanOrEqual(46)
  })
})

describe('a failed sign-in (review 15)', () => {
  it('empties the password and keeps the username', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('bclip')))
    await submitLogin(page, 'bclip_demo', 'Wrong#Password1')
    const banner = page.getByRole('alert')
    await banner.getByText(/do not match/).waitFor()
    const password = page.getByLabel('Password', { exact: true })
    expect(await password.inputValue()).toBe('')
    expect(await page.getByLabel('Username').inputValue()).toBe('bclip_demo')
    // Focus is on the banner that says why, and Enter there submits nothing.
    expect(await banner.evaluate((element) => element === document.activeElement)).toBe(true)
    // The right password, typed again, signs in.
    await password.fill(demoPassword)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname !== '/usweb/login')
  })
})
