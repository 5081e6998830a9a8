// Browser-test fixtures: a real portal (service + built web) on a free loopback port with
// a database of its own, and Debian's Chromium driven by playwright-core.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { programOf, type DeliveryMethod, type ProgramCode } from '@portal/contract'
import { launchBrowser, startPortal, type Portal } from '@portal/server/testing'

export { demoPassword, type Portal } from '@portal/server/testing'

/**
 * What a spec file tests against: a portal of its own (`env` added to the test settings) and
 * a browser, started before the file's tests and closed after them. Read `portal` and
 * `browser` in hooks and tests, not while the file loads.
 */
export function portalAndBrowser(
  env: Record<string, string> = {},
  options: Parameters<typeof startPortal>[1] = {},
): {
  portal: Portal
  browser: Browser
} {
  const started = {} as { portal: Portal; browser: Browser }
  beforeAll(async () => {
    ;[started.portal, started.browser] = await Promise.all([
      startPortal(env, options),
      launchBrowser(),
    ])
  })
  afterAll(async () => {
    await started.browser?.close()
    await started.portal?.close()
  })
  return started
}

export type PortalPage = Page & { errors: string[] }

export interface PageOptions {
  /** Viewport width in CSS pixels (1280 unless told). */
  width?: number
  /** Lets a test inject axe-core despite the portal's content-security policy. */
  bypassCSP?: boolean
  /** The browser's language (its Accept-Language and navigator.languages); Chromium's unless told. */
  locale?: string
}

/** The page does not scroll sideways (WCAG 1.4.10): nothing is wider than the window. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** A fresh browser context (no cookies, no storage) and page, collecting page errors. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<PortalPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
    ...(options.locale ? { locale: options.locale } : {}),
  })
  const page = (await context.newPage()) as PortalPage
  page.errors = []
  page.on('pageerror', (error) => page.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text())
  })
  return page
}

/** The path and query of an address, as the portal's links write them. */
export function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url)
  return `${pathname}${search}`
}

/** The usweb login address of a program, as its links give it. */
export function uswebLoginPath(code: ProgramCode): string {
  return `/usweb/login?prgName=${code}&level1Org=${programOf(code).level1Org}`
}

/** Fills the login form of either flavour and presses Login. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** A message the service sent, as the demo outbox viewer lists it (newest first). */
export interface OutboxMessage {
  id: number
  channel: DeliveryMethod
  /** An email address, or +1XXXXXXXXXX. */
  recipient: string
  /** 'username' | 'temporary-password' | 'verification-code' | … */
  template: string
  subject: string | null
  body: string
  status: string
  createdAt: string
}

/** Everything the portal's service has sent so far, newest first (`/dev/outbox.json`). */
export async function readOutbox(portal: Portal): Promise<OutboxMessage[]> {
  const response = await fetch(portal.url('/dev/outbox.json'))
  if (!response.ok) throw new Error(`outbox: status ${response.status}`)
  return (await response.json()) as OutboxMessage[]
}

/** The newest message of a template sent to a recipient; fails when there is none. */
export async function latestSent(
  portal: Portal,
  recipient: string,
  template: string,
): Promise<OutboxMessage> {
  const message = (await readOutbox(portal)).find(
    (m) => m.recipient === recipient && m.template === template,
  )
  if (!message) throw new Error(`no ${template} message to ${recipient} in the outbox`)
  return message
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeWindow {
  axe: {
    run(
      context: Document,
      options: object,
    ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>
  }
}

/** WCAG 2.2 A/AA problems axe-core finds on the page (open it with `bypassCSP`). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  // Judge a settled page only: a spinner mid-fade has, for 200 ms, text of any contrast. A
  // screen can also commit (a lazy route arriving) or start a call while axe runs; then the
  // judgement mixed two pages and is taken again.
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running') &&
        Array.from(document.querySelectorAll('.spinner')).every(
          (spinner) => getComputedStyle(spinner).visibility === 'hidden',
        ),
    )
    const judged = await page.evaluate(async () => {
      const touchesSpinner = (node: Node) =>
        node instanceof Element && (node.matches('.spinner') || !!node.querySelector('.spinner'))
      let changed = false
      const note = (records: MutationRecord[]) => {
        changed ||= records.some(
          (record) =>
            record.type === 'attributes' ||
            [record.addedNodes, record.removedNodes].some((nodes) =>
              Array.from(nodes).some(touchesSpinner),
            ),
        )
      }
      const observer = new MutationObserver(note)
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributeFilter: ['data-active', 'aria-busy'],
      })
      const { axe } = window as unknown as AxeWindow
      const result = await axe.run(document, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
      })
      note(observer.takeRecords())
      observer.disconnect()
      if (changed) return null
      return result.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    })
    if (judged) return judged
  }
  throw new Error('the page did not hold still for axe in five tries')
}

// --- The second factor (spec §2 screens 9-12), passed in the browser as a person would.

/** The verification screens a sign-in can stop on, and the demo receivers it can leave for. */
const mfaScreenPath =
  /^\/(usweb|proliability)\/(confirmverificationinfostep1|verificationinfostep[123]|mfa|updateinformationstep1component|support)$/
const receiverPath = /^\/demo\/(main-site|policy-app)\//

/** The newest message's id in the outbox (0 when empty): codes sent later have larger ids. */
export async function newestOutboxId(portal: Portal): Promise<number> {
  return (await readOutbox(portal))[0]?.id ?? 0
}

/** The code of the newest verification-code message sent after `afterId`. */
export async function verificationCodeAfter(portal: Portal, afterId: number): Promise<string> {
  const message = (await readOutbox(portal)).find(
    (m) => m.id > afterId && m.template === 'verification-code',
  )
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1]
  if (!code) throw new Error(`no verification code sent after message ${afterId}`)
  return code
}

export interface VerificationContact {
  email: string
  /** xxx-xxx-xxxx (or ten digits; the form masks them). */
  phone: string
}

/** Fills the verification contact form (screens 9, 10, 13) and presses its main button. */
/** Issue 40: before a code a contact on file is shown masked; "Change …" opens its field. */
export async function openContactFields(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Type of email address' }).waitFor()
  for (const label of ['Email address', 'Mobile number']) {
    const change = page.getByRole('button', { name: `Change ${label.toLowerCase()}` })
    if (await change.isVisible()) await change.click()
  }
}

export async function submitContactForm(page: Page, contact: VerificationContact): Promise<void> {
  await page.getByRole('group', { name: 'Type of email address' }).getByLabel('Personal').check()
  await openContactFields(page)
  await page.getByLabel('Email address', { exact: true }).fill(contact.email)
  await page.getByRole('group', { name: 'Type of mobile number' }).getByLabel('Personal').check()
  await page.getByLabel('Mobile number', { exact: true }).fill(contact.phone)
  await page.getByRole('button', { name: /^(Continue|Submit)$/ }).click()
}

/**
 * Screen 10 (a new account): keeps the email and mobile it offers (masked before a code,
 * issue 40), chooses the types.
 */
export async function confirmOfferedContact(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Change email address' }).waitFor()
  expect(await page.locator('[data-field="mfa-email"]').textContent()).toMatch(/^.\*{3,}@/)
  await page.getByRole('group', { name: 'Type of email address' }).getByLabel('Personal').check()
  await page.getByRole('group', { name: 'Type of mobile number' }).getByLabel('Personal').check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** On verificationinfostep1: chooses email, waits for the code screen; the outbox id before. */
export async function chooseEmailDelivery(page: Page, portal: Portal): Promise<number> {
  await page.getByRole('radio', { name: /^Email\b/ }).check()
  const before = await newestOutboxId(portal)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.waitForURL((url) => url.pathname.endsWith('/verificationinfostep3'))
  return before
}

/**
 * On verificationinfostep3: types the code and presses Submit; with `remember`, ticks
 * "Remember this device for 30 days" first (issue 27: the device is trusted only then).
 */
export async function enterVerificationCode(
  page: Page,
  code: string,
  { remember = false }: { remember?: boolean } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(code)
  if (remember) await page.getByRole('checkbox', { name: /^Remember this device/ }).check()
  await page.getByRole('button', { name: 'Submit', exact: true }).click()
}

/**
 * After Login: passes the second factor wherever the portal asks for it. A user without
 * verification details gives `contact` first (enrolment); then email is chosen, the code is
 * read from the demo outbox, typed and submitted. Returns once the browser is leaving the
 * portal or has left it (a recognised device skips the code): wait for the receiver's URL.
 */
export async function passSecondFactor(
  page: Page,
  portal: Portal,
  /** Typed over what the enrolment form offers; by default its offer (the record's) is kept. */
  contact?: VerificationContact,
  /** Ticks "Remember this device" (issue 27), for a test that signs in on it again. */
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.waitForURL(
    (url) => mfaScreenPath.test(url.pathname) || receiverPath.test(url.pathname),
  )
  let path = new URL(page.url()).pathname
  if (receiverPath.test(path)) return
  if (path.endsWith('/confirmverificationinfostep1')) {
    // Contacts bound after a reset have nothing to confirm: the screen goes straight on to
    // where the code goes (issue 43, item 6). Wait for one or the other.
    const settled = (waiting: Promise<unknown>) => waiting.catch(() => undefined)
    await Promise.race([
      settled(page.waitForURL((url) => url.pathname.endsWith('/verificationinfostep1'))),
      settled(page.getByRole('group', { name: 'Type of email address' }).waitFor()),
    ])
    path = new URL(page.url()).pathname
  }
  if (/(confirmverificationinfostep1|verificationinfostep2)$/.test(path)) {
    if (path.endsWith('/verificationinfostep2')) {
      if (contact) await submitContactForm(page, contact)
      else await confirmOfferedContact(page)
    } else await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/verificationinfostep1'))
  }
  const before = await chooseEmailDelivery(page, portal)
  await enterVerificationCode(page, await verificationCodeAfter(portal, before), options)
}

/** Everything the page keeps in browser storage, as one string: no secret may be in it. */
export function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))
}

/** A field's own error message (the banner may repeat it as a link to the field). */
export function fieldError(page: Page, text: string) {
  return page.locator('.form-field__error').getByText(text, { exact: true })
}

/**
 * With CAPTURE_SCREENS=1, a screen goes into the gallery (docs/screens/) at the gallery's two
 * widths, as scripts/screens.mjs captures the others: the passkey screens (passkey.spec.ts)
 * and the Spanish walks (screen-walk.ts), which need what only the tests have (the DevTools
 * authenticator, the catalogue's texts in each language).
 */
export async function captureScreen(page: Page, name: string): Promise<void> {
  if (!process.env.CAPTURE_SCREENS) return
  const dir = fileURLToPath(new URL('../docs/screens/', import.meta.url))
  const before = page.viewportSize() ?? { width: 1280, height: 900 }
  for (const [label, width] of [
    ['phone', 375],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.mouse.move(0, 0)
    await page.locator('.spinner').waitFor({ state: 'hidden' })
    await page.screenshot({ path: `${dir}${name}-${label}.png`, fullPage: true })
  }
  await page.setViewportSize(before)
}
