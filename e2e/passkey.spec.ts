// Issue 23: passkeys in Chromium with the DevTools virtual authenticator (a platform
// authenticator that verifies its user). The portal is opened as http://localhost:<port>:
// a passkey's RP id is a domain, never an IP address, and the demo's WEBAUTHN_ORIGINS is
// http://localhost:* .
import { describe, expect, it } from 'vitest'
import type { CDPSession, Page } from 'playwright-core'
import { messages, screenTexts, type ProgramCode } from '@portal/contract'
import { unprovePhone } from '@portal/server/testing'
import {
  captureScreen,
  accessibilityViolations,
  largeTextProblems,
  demoPassword,
  newestOutboxId,
  openPage,
  passSecondFactor,
  portalAndBrowser,
  readOutbox,
  submitLogin,
  uswebLoginPath,
  type PortalPage,
} from './fixtures.ts'

const e2e = portalAndBrowser()

const atLocalhost = (path: string) => e2e.portal.url(path).replace('//127.0.0.1:', '//localhost:')
const mainSite = /\/demo\/main-site\/usweb\/#\//
const policyApp = /\/demo\/policy-app\/\?loginRedirect=y/

interface VirtualAuthenticator {
  cdp: CDPSession
  authenticatorId: string
}

interface StoredCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
}

/** A page in a fresh browser context with a virtual platform authenticator of its own. */
async function pageWithAuthenticator(
  credentials: StoredCredential[] = [],
  width?: number,
): Promise<{ page: PortalPage; authenticator: VirtualAuthenticator }> {
  const page = await openPage(e2e.browser, { bypassCSP: true, ...(width ? { width } : {}) })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  for (const credential of credentials) {
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
  }
  return { page, authenticator: { cdp, authenticatorId } }
}

async function credentialsOf({ cdp, authenticatorId }: VirtualAuthenticator) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  return credentials as StoredCredential[]
}

const onScreen = (page: Page, ending: string) =>
  page.waitForURL((url) => url.pathname.endsWith(ending))

async function expectAccessible(page: Page) {
  await page.locator('.spinner').waitFor({ state: 'hidden' })
  expect(await accessibilityViolations(page)).toEqual([])
}

/** Presses a button as a keyboard user does: Tab until it has the focus, then Enter. */
async function pressByKeyboard(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true })
  await button.waitFor()
  for (let presses = 0; presses < 40; presses++) {
    if (await button.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press('Enter')
      return
    }
    await page.keyboard.press('Tab')
  }
  throw new Error(`"${name}" never took the focus by Tab`)
}

const loginPathOf = (program: ProgramCode) =>
  program === 'proliability' ? '/proliability/login' : uswebLoginPath(program)

/** Password and emailed code, up to the passkey offer; then "Create a passkey" by keyboard. */
async function enrolPasskey(username: string, program: ProgramCode, width?: number) {
  const { page, authenticator } = await pageWithAuthenticator([], width)
  await page.goto(atLocalhost(loginPathOf(program)))
  await submitLogin(page, username, demoPassword)
  await passSecondFactor(page, e2e.portal)
  await onScreen(page, '/createpasskey')
  await page.getByRole('heading', { name: screenTexts.passkeys.offerTitle }).waitFor()
  await expectAccessible(page)
  // Issue 43: the offer and the saved screen at 390 px with text at 200 % too.
  if (width) expect(await largeTextProblems(page)).toEqual([])
  await captureScreen(page, `${program === 'proliability' ? 'pl' : 'usweb'}-createpasskey`)
  await pressByKeyboard(page, screenTexts.passkeys.create)
  // Issue 43: said so, with how to use it next time, before the hand-off.
  await page.getByRole('heading', { name: screenTexts.passkeys.savedTitle }).waitFor()
  if (width) {
    await expectAccessible(page)
    expect(await largeTextProblems(page)).toEqual([])
  }
  await pressByKeyboard(page, 'Continue')
  await page.waitForURL(program === 'proliability' ? policyApp : mainSite)
  const credentials = await credentialsOf(authenticator)
  expect(credentials).toHaveLength(1)
  await page.context().close()
  return credentials
}

/** A new browser context holding the same passkey: password, then the passkey, by keyboard. */
async function signInWithPasskey(
  username: string,
  program: ProgramCode,
  credentials: StoredCredential[],
) {
  const { page } = await pageWithAuthenticator(credentials)
  await page.goto(atLocalhost(loginPathOf(program)))
  await submitLogin(page, username, demoPassword)
  await page.waitForURL((url) => /\/(verificationinfostep1|mfa)$/.test(url.pathname))
  await page.getByRole('button', { name: screenTexts.passkeys.use }).waitFor()
  await expectAccessible(page)
  await captureScreen(
    page,
    `${program === 'proliability' ? 'pl' : 'usweb'}-verificationinfostep1-passkey`,
  )
  // The code choices stay beside it.
  await page.getByRole('radio', { name: /^Email\b/ }).waitFor()
  await pressByKeyboard(page, screenTexts.passkeys.use)
  await page.waitForURL(program === 'proliability' ? policyApp : mainSite)
  expect(page.errors).toEqual([])
  await page.context().close()
}

describe('passkeys (usweb)', () => {
  it('enrols after a code, then stands in for the code on a new browser', async () => {
    const credentials = await enrolPasskey('bclip_demo', 'bclip')
    const sent = await readOutbox(e2e.portal)
    expect(sent.some((m) => m.template === 'passkey-added-notice')).toBe(true)
    await signInWithPasskey('bclip_demo', 'bclip', credentials)
  })

  it('remembers "Not now" on this device', async () => {
    const { page } = await pageWithAuthenticator()
    await page.goto(atLocalhost(uswebLoginPath('dtcria')))
    await submitLogin(page, 'dtcria_demo', demoPassword)
    await passSecondFactor(page, e2e.portal)
    await onScreen(page, '/createpasskey')
    await page.getByRole('button', { name: screenTexts.passkeys.notNow }).click()
    await page.waitForURL(mainSite)
    // Another sign-in on this browser that passes a code goes straight to the hand-off.
    await page.goto(atLocalhost(uswebLoginPath('dtcpnc')))
    await submitLogin(page, 'dtcpnc_demo', demoPassword)
    await passSecondFactor(page, e2e.portal)
    await page.waitForURL(mainSite)
    expect(await readOutbox(e2e.portal)).not.toContainEqual(
      expect.objectContaining({
        recipient: 'dtcria.demo@example.com',
        template: 'passkey-added-notice',
      }),
    )
    await page.context().close()
  })

  it('lists and removes a passkey on Update Verification Information', async () => {
    const credentials = await enrolPasskey('equipmentrenew_demo', 'equipmentrenew')
    const { page } = await pageWithAuthenticator(credentials)
    await page.goto(atLocalhost(uswebLoginPath('equipmentrenew')))
    await submitLogin(page, 'equipmentrenew_demo', demoPassword)
    await onScreen(page, '/verificationinfostep1')
    // The update path: a code passed in this sign-in, then the update screen.
    await page.getByLabel('Update my verification contact details after verifying').check()
    await passSecondFactor(page, e2e.portal)
    await onScreen(page, '/updateinformationstep1component')
    await page.getByRole('heading', { name: screenTexts.passkeys.listTitle }).waitFor()
    await expectAccessible(page)
    const row = page.getByRole('row', { name: /Passkey/ })
    await row.waitFor()
    await captureScreen(page, 'usweb-updateinformationstep1component-passkeys')
    const name = (await row.getByRole('rowheader').textContent()) ?? ''
    await pressByKeyboard(page, screenTexts.passkeys.removeLabel(name))
    await page.getByText(screenTexts.passkeys.removed(name)).waitFor()
    await page.getByText(screenTexts.passkeys.none).waitFor()
    const sent = await readOutbox(e2e.portal)
    expect(sent.some((m) => m.template === 'passkey-removed-notice')).toBe(true)
    await page.context().close()
  })
})

describe('passkeys (pl)', () => {
  it('enrols after a code and signs in with the passkey, pl layout', async () => {
    const credentials = await enrolPasskey('proliability_demo', 'proliability')
    await signInWithPasskey('proliability_demo', 'proliability', credentials)
  })
})

describe('passkeys wherever a factor is owed (issue 43)', () => {
  it('stands in at the confirmation for a member who proved only the email; a browser without it does not lead with it', async () => {
    const username = 'dtcpnc_demo'
    // The mobile was never proven (the member always chose email): every new browser
    // confirms the details first (RE_ENROLL), where a passkey now stands in too.
    await unprovePhone(e2e.portal, username)
    const credentials = await enrolPasskey(username, 'dtcpnc', 390)

    // A new browser holding the same passkey, at 390 px: never used here, so the code leads
    // and the passkey is the second choice; it passes with no code sent.
    const { page } = await pageWithAuthenticator(credentials, 390)
    await page.goto(atLocalhost(uswebLoginPath('dtcpnc')))
    await submitLogin(page, username, demoPassword)
    await onScreen(page, '/confirmverificationinfostep1')
    const use = page.getByRole('button', { name: screenTexts.passkeys.use })
    await use.waitFor()
    await page.getByText(screenTexts.passkeys.elsewhere).waitFor()
    expect(await use.getAttribute('class')).toContain('button--secondary')
    await expectAccessible(page)
    expect(await largeTextProblems(page)).toEqual([])
    await captureScreen(page, 'usweb-confirmverificationinfostep1-passkey-390')
    const before = await newestOutboxId(e2e.portal)
    await use.click()
    await page.waitForURL(mainSite)
    const sent = (await readOutbox(e2e.portal)).filter((m) => m.id > before)
    expect(sent.filter((m) => m.template === 'verification-code')).toEqual([])
    expect(page.errors).toEqual([])
    await page.context().close()

    // A device with a platform authenticator but not this passkey, at 1366 px: the code
    // leads, and trying the passkey anyway is said calmly, with no Error banner.
    const { page: other } = await pageWithAuthenticator([], 1366)
    await other.goto(atLocalhost(uswebLoginPath('dtcpnc')))
    await submitLogin(other, username, demoPassword)
    await onScreen(other, '/confirmverificationinfostep1')
    const second = other.getByRole('button', { name: screenTexts.passkeys.use })
    await second.waitFor()
    expect(await other.locator('.button--primary:visible').allTextContents()).not.toContain(
      screenTexts.passkeys.use,
    )
    await second.click()
    await other.getByRole('status').getByText(screenTexts.passkeys.notHere).waitFor()
    expect(await other.getByRole('heading', { name: messages.errorBannerHeading }).count()).toBe(0)
    await expectAccessible(other)
    expect(await largeTextProblems(other)).toEqual([])
    await other.context().close()
  })
})
