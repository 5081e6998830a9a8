// Issue 24: choosing the language. The browser's Accept-Language picks the first visit; the
// switch in the header of both flavours changes it, remembered in a plain cookie (not the
// session), and <html lang> follows. What the service answers in English is shown in the
// page's language.
import { describe, expect, it } from 'vitest'
import { localeCookie } from '@portal/contract'
import { contractTexts } from '@portal/contract/i18n'
import { accessibilityViolations, browserStorage, openPage, portalAndBrowser } from './fixtures.ts'

const e2e = portalAndBrowser()
const en = contractTexts['en-US']
const es = contractTexts['es-US']

const uswebLogin = '/usweb/login?prgName=bclip&level1Org=100'

type Page = Awaited<ReturnType<typeof openPage>>
const langOf = (page: Page) => page.evaluate(() => document.documentElement.lang)
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 1 }).waitFor()
const languageCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === localeCookie)

describe('the language switch', () => {
  it('goes from English to Spanish and back, remembered in a plain cookie', async () => {
    const page = await openPage(e2e.browser, { bypassCSP: true, locale: 'en-US' })
    await page.goto(e2e.portal.url(uswebLogin))
    await heading(page, en.screenTexts.login.title)
    expect(await langOf(page)).toBe('en')
    const banner = page.getByRole('banner')
    const switcher = banner.getByRole('navigation', { name: en.portalTexts.language.switchLabel })
    expect(await switcher.getByText('English').getAttribute('aria-current')).toBe('true')

    await switcher.getByRole('button', { name: 'Español' }).click()
    await heading(page, es.screenTexts.login.title)
    expect(await langOf(page)).toBe('es-US')
    expect(await accessibilityViolations(page)).toEqual([])
    const cookie = await languageCookie(page)
    expect(cookie).toMatchObject({ value: 'es-US', path: '/', sameSite: 'Lax', httpOnly: false })
    // Remembered: the page read again is Spanish, and so is the next screen.
    await page.reload()
    await heading(page, es.screenTexts.login.title)
    await page.getByRole('link', { name: es.screenTexts.login.forgotUsername }).click()
    await heading(page, es.screenTexts.recovery.titleOf.username)
    await page.getByRole('link', { name: es.screenTexts.recovery.returnToLogin }).click()
    await heading(page, es.screenTexts.login.title)

    await page
      .getByRole('navigation', { name: es.portalTexts.language.switchLabel })
      .getByRole('button', { name: 'English' })
      .click()
    await heading(page, en.screenTexts.login.title)
    expect(await langOf(page)).toBe('en')
    expect((await languageCookie(page))?.value).toBe('en-US')
    // The choice is no secret and no part of the session: nothing of it in browser storage.
    expect(await browserStorage(page)).not.toContain('es-US')
    expect(page.errors).toEqual([])
  })

  it('follows Accept-Language on the first visit, then the choice made', async () => {
    const page = await openPage(e2e.browser, { locale: 'es-MX' })
    await page.goto(e2e.portal.url('/proliability/login'))
    await heading(page, es.screenTexts.login.title)
    expect(await langOf(page)).toBe('es-US')
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click()
    await heading(page, en.screenTexts.login.title)
    await page.goto(e2e.portal.url('/proliability/login'))
    await heading(page, en.screenTexts.login.title)
    expect(await langOf(page)).toBe('en')
  })

  it("shows the service's English answer in Spanish", async () => {
    const page = await openPage(e2e.browser, { locale: 'es-US' })
    await page.goto(e2e.portal.url(uswebLogin))
    await page.getByLabel(es.screenTexts.login.usernameLabel).fill('bclip_demo')
    await page.getByLabel(es.screenTexts.login.passwordLabel, { exact: true }).fill('Wrong#2026x')
    await page.getByRole('button', { name: es.screenTexts.login.submit, exact: true }).click()
    const alert = page.getByRole('alert')
    await alert.getByText(es.messages.login.mismatch).waitFor()
    expect(await alert.textContent()).not.toContain(en.messages.login.mismatch)
    // The title follows the banner in an effect of its own: waited for, not read at once.
    await page.waitForFunction(() => document.title.startsWith('Error: '))
  })

  // Issues 23 and 24: each language's texts load on their own, only the active one's; the
  // whole catalogue only once the member starts using the page.
  it.each([
    ['en-US', 'login-page-en', 'login-page-es'],
    ['es-US', 'login-page-es', 'login-page-en'],
  ] as const)('a %s login page fetches its own texts only', async (locale, own, other) => {
    const page = await openPage(e2e.browser, { locale })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(e2e.portal.url(uswebLogin), { waitUntil: 'networkidle' })
    await heading(page, contractTexts[locale].screenTexts.login.title)
    const fetched = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`))
    expect(fetched(own)).toBe(true)
    expect(fetched(other)).toBe(false)
    expect(fetched(locale === 'en-US' ? 'catalogue-en' : 'catalogue-es')).toBe(false)
    await page.getByLabel(contractTexts[locale].screenTexts.login.usernameLabel).focus()
    await expect
      .poll(() => fetched(locale === 'en-US' ? 'catalogue-en' : 'catalogue-es'))
      .toBe(true)
    expect(page.errors).toEqual([])
  })
})
