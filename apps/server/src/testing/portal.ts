// A real portal (service + built web) on a free loopback port with a database of its own:
// what a browser test drives.
import type { AddressInfo } from 'node:net'
import { buildApp } from '../app.ts'
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

/** Starts a portal with the test settings, `env` added. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(env), database })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    database,
    clock: app.clock,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
