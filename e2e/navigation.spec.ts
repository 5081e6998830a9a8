// How the portal moves between screens (spec §2): the guard judges back and forward as it
// judges links, and a screen whose code fails to load shows the failure in the shell.
import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import { openPage, pathAndQuery, uswebLoginPath, portalAndBrowser } from './fixtures.ts'

const e2e = portalAndBrowser()

describe('moving between screens', () => {
  it('judges Back by the screen being left: no allowed pair leads there', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('cabar')))
    await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()
    await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Forgot username?' }).click()
    await page.getByRole('heading', { name: 'Forgot Username', level: 1 }).waitFor()

    // forgot-username → forgot-password is no allowed pair, even by the Back button: login
    // follows it in the history, as after a typed address.
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    await page.getByRole('heading', { name: 'Account Login' }).waitFor()
    expect(pathAndQuery(page.url())).toBe(uswebLoginPath('cabar'))
    expect(await page.evaluate(() => history.length)).toBe(4)
    // Back from there comes from login, which leads to forgot-password.
    await page.goBack()
    await page.getByRole('heading', { name: 'Forgot Password', level: 1 }).waitFor()
    expect(pathAndQuery(page.url())).toBe('/usweb/forgot-password')
    expect(page.errors).toEqual([])
  })

  it("shows the flavour's failure in the shell when a screen's code fails to load", async () => {
    const page = await openPage(e2e.browser)
    await page.route('**/assets/forgot-password-*.js', (route) => route.abort())
    await page.goto(e2e.portal.url('/proliability/login'))
    await page.getByRole('link', { name: 'Forgot Password', exact: true }).click()

    const returnToLogin = page.getByRole('link', { name: 'Return to Login' })
    await returnToLogin.waitFor()
    expect(await returnToLogin.getAttribute('href')).toBe('/proliability/login')
    expect(await page.getByRole('alert').innerText()).toContain(messages.login.somethingWentWrong)
    expect(await page.locator('header').count()).toBe(1)

    // Another address starts afresh.
    await page.goBack()
    await page.getByRole('heading', { name: 'Account Login' }).waitFor()
    expect(await returnToLogin.count()).toBe(0)
  })
})
