// A real portal (service + built web) on a free loopback port with a database of its own:
// what a browser test drives.
import { createServer, type AddressInfo } from 'node:net'
import { buildApp } from '../app.ts'
import type { DemoOidcSite } from '../demo/main-site-oidc.ts'
import type { Clock } from '../lib/clock.ts'
import type { Database } from '../store/db.ts'
import { openTestDatabase, testConfig } from './harness.ts'

export interface Portal {
  url(path: string): string
  /** The portal's own database, for arranging what the demo data lacks (see arrange.ts). */
  database: Database
  /** The portal's clock, for arranging data on its timeline. */
  clock: Clock
  close(): Promise<void>
}

/**
 * Starts a portal with the test settings, `env` added. With `demoOidcSite`, the demo main site
 * is an OpenID Connect site (issue 44): its addresses are the issuer's, `http://localhost` on
 * the service's port, so the port is found before the portal starts and `url` names localhost.
 */
export async function startPortal(
  env: Record<string, string> = {},
  { demoOidcSite = false }: { demoOidcSite?: DemoOidcSite } = {},
): Promise<Portal> {
  const database = await openTestDatabase()
  const isOidc = demoOidcSite !== false
  const chosen = isOidc ? await freePort() : 0
  const config = testConfig(isOidc ? { ...env, PORT: String(chosen) } : env)
  const app = await buildApp({ config, database, demoOidcSite })
  // localhost: every loopback address it names (a browser may try ::1 first).
  const host = isOidc ? 'localhost' : '127.0.0.1'
  await app.listen({ host, port: chosen })
  const port = isOidc ? chosen : (app.server.address() as AddressInfo).port
  return {
    url: (path) => `http://${host}:${port}${path}`,
    database,
    clock: app.clock,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** A loopback port free now (the system's choice), for a portal that must know it first. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
