// A database outage made under a running app, on either engine: every statement of `database`
// fails with `error()` until the returned undo. The real outages (PostgreSQL stopped,
// restarted, killed) are in test/operations/faults.postgres.test.ts.
import type { Database } from './harness.ts'

export function breakDatabase(database: Database, error: () => Error): () => void {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client
  const saved = new Map<string, unknown>()
  for (const method of ['query', 'connect', 'transaction']) {
    if (typeof client[method] !== 'function') continue
    saved.set(method, client[method])
    client[method] = () => Promise.reject(error())
  }
  return () => {
    for (const [method, original] of saved) client[method] = original
  }
}

export const connectionRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

export const adminShutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  })
