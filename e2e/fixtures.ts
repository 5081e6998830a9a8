// Browser-test fixtures: a real portal (service + built web) on a free loopback port with
// a database of its own, and Debian's Chromium driven by playwright-core.
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { programOf, type ProgramCode } from '@portal/contract'
import { buildApp } from '../apps/server/src/app.ts'
import type { Database } from '../apps/server/src/store/db.ts'
import { openTestDatabase, testConfig } from '../apps/server/test/harness.ts'

export { demoPassword } from '../apps/server/src/store/demo-data.ts'

export interface Portal {
  url(path: string): string
  /** The portal's own database, for arranging what the demo data lacks (a temporary password). */
  database: Database
  close(): Promise<void>
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(env), database })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    database,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  })
}

export type PortalPage = Page & { errors: string[] }

export interface PageOptions {
  /** Viewport width in CSS pixels (1280 unless told). */
  width?: number
  /** Lets a test inject axe-core despite the portal's content-security policy. */
  bypassCSP?: boolean
}

/** A fresh browser context (no cookies, no storage) and page, collecting page errors. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<PortalPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  })
  const page = (await context.newPage()) as PortalPage
  page.errors = []
  page.on('pageerror', (error) => page.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text())
  })
  return page
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

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeWindow {
  axe: {
    run(
      context: Document,
      options: object,
    ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>
  }
}

/** WCAG 2.1 A/AA problems axe-core finds on the page (open it with `bypassCSP`). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const { axe } = window as unknown as AxeWindow
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    })
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
  })
}
