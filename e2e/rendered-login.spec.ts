// Issue 45: the login page comes with the login screen rendered in it (the service's render,
// apps/web/src/prerender.tsx), which the portal hydrates: the page the browser got is the
// form, in the page's language, and hydrating it leaves no console error (a mismatch would
// log one and render the page again). With JavaScript off, the form is not shown.
import { describe, expect, it } from 'vitest'
import { contractTexts } from '@portal/contract/i18n'
import { demoPassword, openPage, portalAndBrowser, type PortalPage } from './fixtures.ts'

const e2e = portalAndBrowser()

const pages = [
  ['/usweb/login?prgName=bclip&level1Org=100', 'en-US'],
  ['/usweb/login?prgName=bclip&level1Org=100', 'es-US'],
  ['/proliability/login', 'en-US'],
  ['/proliability/login', 'es-US'],
] as const

/** The entry's stylesheet, as a plain page links it: `<link rel="stylesheet" … href>`. */
const stylesheetLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/

/** Every address the page asks the network for, from now on (its documents and files). */
function requestsOf(page: PortalPage): string[] {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  return requested
}

/** The page as React has taken it over: its fields answer. */
async function hydrated(page: PortalPage): Promise<void> {
  await page.waitForFunction(() => {
    const field = document.getElementById('password')
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber'))
  })
}

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
    await hydrated(page)
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

  it('sends a submit made before any script ran back to the page, which then works', async () => {
    const path = '/usweb/login?prgName=bclip&level1Org=100'
    const page = await openPage(e2e.browser)
    // The scripts are held, as a slow network holds them, until the form was submitted.
    let releaseScripts = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld
      await route.continue()
    })
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname)
    })
    await page.goto(e2e.portal.url(path), { waitUntil: 'commit' })
    await page.locator('#username').fill('bclip_demo')
    await page.locator('#password').fill(demoPassword)
    const back = page.waitForResponse(
      (response) =>
        response.request().isNavigationRequest() && response.request().method() === 'GET',
    )
    await page.locator('#password').press('Enter')
    expect((await back).status()).toBe(200)
    releaseScripts()
    await hydrated(page)
    expect(posted).toEqual(['/usweb/login'])
    expect(page.url()).toBe(e2e.portal.url(path))
    await page.getByRole('heading', { level: 1, name: 'Account Login' }).waitFor()
    expect(await page.locator('body').innerText()).not.toContain('nothing at this address')
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

  // The page carries its stylesheet (decision 0026), which Vite's preload helper also lists
  // with the files of the sign-in's steps and of other screens: it must not be fetched again
  // on the first sign-in or the first move to another screen. A plain page links it, once.
  describe('and its stylesheet', () => {
    /** The entry's stylesheet, from the plain page that links it. */
    async function entryStylesheet(): Promise<string> {
      const response = await fetch(e2e.portal.url('/usweb/login'))
      const href = stylesheetLink.exec(await response.text())?.[1]
      if (!href) throw new Error('the plain page links no stylesheet')
      return href
    }

    /** A rendered login page, hydrated, and what it asks the network for from the start. */
    async function renderedPage(path: string) {
      const page = await openPage(e2e.browser)
      const requested = requestsOf(page)
      const response = await page.goto(e2e.portal.url(path))
      const sent = (await response?.text()) ?? ''
      expect(sent).toContain('<div id="root" data-rendered')
      expect(sent).toContain('<style>')
      await hydrated(page)
      return { page, requested }
    }

    /**
     * What a page did with the stylesheet: how often it was fetched (`fetched`), one element
     * naming it, enabled or not, its rules applied, and no console error.
     */
    const expectStylesheet = async (
      page: PortalPage,
      requested: string[],
      href: string,
      { fetched, enabled }: { fetched: number; enabled: number },
    ) => {
      expect(requested.filter((path) => path === href)).toEqual(Array(fetched).fill(href))
      expect(await heldStylesheet(page, href)).toEqual({ links: 1, enabled, styled: true })
      expect(page.errors).toEqual([])
      await page.context().close()
    }

    /** How the page holds the stylesheet now: the elements that name it, and the rules. */
    const heldStylesheet = (page: PortalPage, href: string) =>
      page.evaluate((href) => {
        const links = Array.from(document.querySelectorAll('link')).filter(
          (link) => link.getAttribute('href') === href,
        )
        return {
          links: links.length,
          enabled: links.filter((link) => !link.disabled).length,
          // The page is styled by it (global.css: the body's least width).
          styled: getComputedStyle(document.body).minWidth === '320px',
        }
      }, href)

    it('is not fetched again on the first sign-in', async () => {
      const stylesheet = await entryStylesheet()
      const { page, requested } = await renderedPage('/usweb/login?prgName=bclip&level1Org=100')
      await page.getByLabel('Username').fill('bclip_demo')
      await page.getByLabel('Password', { exact: true }).fill(demoPassword)
      await page.getByRole('button', { name: 'Login', exact: true }).click()
      // The sign-in's steps and the second factor's first screen, each run only after the
      // files the helper asked for with it had come.
      await page.waitForURL((url) => !url.pathname.endsWith('/login'))
      await page.locator('h1:not(#login-heading)').waitFor()
      expect(requested.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
      await expectStylesheet(page, requested, stylesheet, { fetched: 0, enabled: 0 })
    })

    it('is not fetched again on the first move to another screen', async () => {
      const stylesheet = await entryStylesheet()
      const { page, requested } = await renderedPage('/proliability/login')
      await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
      await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
      await expectStylesheet(page, requested, stylesheet, { fetched: 0, enabled: 0 })
    })

    it('is fetched once by a plain page, which links it', async () => {
      const stylesheet = await entryStylesheet()
      const page = await openPage(e2e.browser)
      const requested = requestsOf(page)
      const response = await page.goto(e2e.portal.url('/usweb/login'))
      expect(await response?.text()).not.toContain('data-rendered')
      await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
      await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
      await expectStylesheet(page, requested, stylesheet, { fetched: 1, enabled: 1 })
    })
  })
})
