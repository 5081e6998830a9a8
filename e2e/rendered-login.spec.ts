// Issue 45: the login page comes with the login screen rendered in it (the service's render,
// apps/web/src/prerender.tsx), which the portal hydrates: the page the browser got is the
// form, in the page's language, and hydrating it leaves no console error (a mismatch would
// log one and render the page again). With JavaScript off, the form is not shown.
import { describe, expect, it } from 'vitest'
import { contractTexts } from '@portal/contract/i18n'
import { openPage, portalAndBrowser } from './fixtures.ts'

const e2e = portalAndBrowser()

const pages = [
  ['/usweb/login?prgName=bclip&level1Org=100', 'en-US'],
  ['/usweb/login?prgName=bclip&level1Org=100', 'es-US'],
  ['/proliability/login', 'en-US'],
  ['/proliability/login', 'es-US'],
] as const

describe('the rendered login page', () => {
  it.each(pages)('%s in %s is hydrated without a console error', async (path, locale) => {
    const texts = contractTexts[locale].screenTexts.login
    const page = await openPage(e2e.browser, { locale })
    const response = await page.goto(e2e.portal.url(path))
    // The page as sent: the form, in the page's language, before any script has run.
    const sent = (await response?.text()) ?? ''
    expect(sent).toContain('data-rendered')
    expect(sent).toContain(`>${texts.title}</h1>`)
    expect(sent).toContain(`>${texts.usernameLabel}</label>`)
    // Hydrated: React has taken the form's fields over.
    await page.waitForFunction(() => {
      const field = document.getElementById('password')
      return field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber'))
    })
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor()
    // The markup stayed: the same heading element, not a second render of it.
    expect(await page.locator('#root[data-rendered] h1#login-heading').count()).toBe(1)
    // It works: the password's Show button answers.
    const toggle = page.locator('.password-input__toggle')
    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator('#password').getAttribute('type')).toBe('text')
    expect(page.errors).toEqual([])
    await page.context().close()
  })

  it('shows no form with JavaScript off, and the no-script text with the number', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(e2e.portal.url('/usweb/login?prgName=bclip&level1Org=100'))
    const pageShell = contractTexts['en-US'].screenTexts.pageShell
    const noScript = page.locator('p.page-shell__no-script')
    expect(await noScript.innerText()).toContain(pageShell.noScript)
    expect(await noScript.innerText()).toContain(`${pageShell.noScriptCall} 800-555-0100`)
    expect(await noScript.isVisible()).toBe(true)
    expect(await page.locator('form').isVisible()).toBe(false)
    // The program's header stays.
    expect(await page.locator('.brand-header__name').isVisible()).toBe(true)
    await context.close()
  })
})
