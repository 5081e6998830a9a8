// Browser-test fixtures: a real portal (service + built web) on a free loopback port with
// a database of its own, and Debian's Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { buildApp } from '../apps/server/src/app.ts'
import { openTestDatabase, testConfig } from '../apps/server/test/harness.ts'

export { demoPassword } from '../apps/server/src/store/demo-data.ts'

export interface Portal {
  url(path: string): string
  close(): Promise<void>
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(env), database })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
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

/** A fresh browser context (no cookies, no storage) and page, collecting page errors. */
export async function openPage(browser: Browser): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = (await context.newPage()) as Page & { errors: string[] }
  page.errors = []
  page.on('pageerror', (error) => page.errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text())
  })
  return page
}
