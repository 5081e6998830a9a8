// Spec §2 "Navigation guard": a guarded screen entered directly (typed address, bookmark,
// reload) sends the user to login without a message; usweb keeps the program choice.
import { describe, expect, it } from 'vitest'
import { openPage, pathAndQuery, uswebLoginPath, portalAndBrowser } from './fixtures.ts'

const e2e = portalAndBrowser()

const guardedScreens = [
  'forgot-username',
  'forgot-password',
  'registerstep1',
  'registerstep2',
  'registerstep3',
  'send-username',
  'reset-password',
  'updatetemppassword',
  'updatetemppasswordsuccess',
]

describe('navigation guard', () => {
  it('sends direct entry of each guarded usweb screen to login with the stored program', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('cabar')))
    await page.getByRole('heading', { name: 'Account Login' }).waitFor()
    for (const screen of guardedScreens) {
      await page.goto(e2e.portal.url(`/usweb/${screen}`))
      await page.waitForURL((url) => url.pathname === '/usweb/login')
      await page.getByRole('heading', { name: 'Account Login' }).waitFor()
      expect(pathAndQuery(page.url()), screen).toBe('/usweb/login?prgName=cabar&level1Org=168')
      expect(await page.getByRole('alert').count(), screen).toBe(0)
    }
    expect(page.errors).toEqual([])
  })

  it('sends a first visit to a guarded usweb screen to the default program login', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url('/usweb/updatetemppassword'))
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    expect(pathAndQuery(page.url())).toBe(uswebLoginPath('bclip'))
  })

  it('sends direct entry of each guarded pl screen to the pl login', async () => {
    const page = await openPage(e2e.browser)
    for (const screen of guardedScreens) {
      await page.goto(e2e.portal.url(`/proliability/${screen}`))
      await page.waitForURL((url) => url.pathname === '/proliability/login')
      await page.getByRole('heading', { name: 'Account Login' }).waitFor()
      expect(pathAndQuery(page.url()), screen).toBe('/proliability/login')
    }
    expect(page.errors).toEqual([])
  })

  it('judges the address without regard to case', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('fidbond')))
    // The program is remembered when the app first renders, not when the page loads.
    await page.getByRole('heading', { name: 'Account Login' }).waitFor()
    await page.goto(e2e.portal.url('/usweb/UpdateTempPassword'))
    await page.waitForURL((url) => url.pathname === '/usweb/login')
    expect(pathAndQuery(page.url())).toBe(uswebLoginPath('fidbond'))
  })
})
