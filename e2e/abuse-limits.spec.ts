// Issue 14 in the browser: the code screen shows the resend cool-down and the service's
// wait message, and the login screen says to wait once a client has signed in too often.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { messages } from '@portal/contract'
import {
  chooseEmailDelivery,
  demoPassword,
  launchBrowser,
  openPage,
  startPortal,
  submitLogin,
  uswebLoginPath,
  type Portal,
  type PortalPage,
} from './fixtures.ts'

let portal: Portal
let browser: Browser
beforeAll(async () => {
  ;[portal, browser] = await Promise.all([
    startPortal({ MESSAGE_RESEND_COOLDOWN_SECONDS: '30', LOGIN_LIMIT_PER_CLIENT: '3' }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await portal?.close()
})

async function bannerItems(page: PortalPage) {
  const banner = page.getByRole('alert')
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  return banner.getByRole('listitem').allTextContents()
}

describe('abuse limits in the browser', () => {
  it('shows the resend cool-down on the code screen, and the wait message when pressed early', async () => {
    const page = await openPage(browser)
    await page.goto(portal.url(uswebLoginPath('bclip')))
    await submitLogin(page, 'bclip_demo', demoPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/verificationinfostep1')
    await chooseEmailDelivery(page, portal)
    await page.getByText(/^You can ask for a new code in \d+ seconds\.$/).waitFor()
    await page.getByRole('button', { name: 'Generate new Code' }).click()
    const [item = ''] = await bannerItems(page)
    expect(item).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/)
    expect(page.url()).toContain('/usweb/verificationinfostep3')
  })

  it('tells a client that signed in too often to wait', async () => {
    const page = await openPage(browser)
    await page.goto(portal.url(uswebLoginPath('bclip')))
    const attempt = async (userName: string) => {
      const answered = page.waitForResponse('**/api/us-web-authentication/authenticate')
      await submitLogin(page, userName, 'Wrong#1x')
      return (await answered).status()
    }
    // The first test signed in once; two more reach the limit of three.
    expect([await attempt('nobody_0'), await attempt('nobody_1')]).toEqual([201, 201])
    expect(await attempt('nobody_2')).toBe(429)
    await page.getByText(messages.throttle.tooManyAttempts).waitFor()
    expect(await bannerItems(page)).toEqual([messages.throttle.tooManyAttempts])
  })
})
