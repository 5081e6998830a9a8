// Issue 14 in the browser: the code screen shows the resend cool-down and the service's
// wait message, and the login screen says to wait once a client has signed in too often.
import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import {
  chooseEmailDelivery,
  demoPassword,
  openPage,
  submitLogin,
  uswebLoginPath,
  type PortalPage,
  portalAndBrowser,
} from './fixtures.ts'

const e2e = portalAndBrowser({ MESSAGE_RESEND_COOLDOWN_SECONDS: '30', LOGIN_LIMIT_PER_CLIENT: '3' })

async function bannerItems(page: PortalPage) {
  const banner = page.getByRole('alert')
  await banner.getByRole('heading', { name: messages.errorBannerHeading }).waitFor()
  return banner.getByRole('listitem').allTextContents()
}

describe('abuse limits in the browser', () => {
  it("shows the service's resend cool-down on the code screen, and says why the button waits", async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('bclip')))
    await submitLogin(page, 'bclip_demo', demoPassword)
    await page.waitForURL((url) => url.pathname === '/usweb/verificationinfostep1')
    await chooseEmailDelivery(page, e2e.portal)
    const wait = page.getByText(/^You can ask for a new code in \d+ seconds\.$/)
    await wait.waitFor()
    const seconds = Number(/(\d+)/.exec((await wait.textContent()) ?? '')?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(30) // MESSAGE_RESEND_COOLDOWN_SECONDS of this portal
    const again = page.getByRole('button', { name: 'Generate new Code' })
    expect(await again.isDisabled()).toBe(true)
    const hint = await again.getAttribute('aria-describedby')
    expect(await page.locator(`#${hint}`).textContent()).toBe(await wait.textContent())
    expect(page.url()).toContain('/usweb/verificationinfostep3')
  })

  it('tells a client that signed in too often to wait', async () => {
    const page = await openPage(e2e.browser)
    await page.goto(e2e.portal.url(uswebLoginPath('bclip')))
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
