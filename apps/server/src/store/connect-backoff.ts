// Issue 22: the PostgreSQL pool reconnects with backoff. node-postgres's pool opens a
// connection whenever a request needs one; while the server is away, every request would
// try again (and, when the host does not answer, wait the whole connect timeout), and the
// moment it is back, every waiting request would connect at once. After a failed connect,
// the pool here opens none for a while — 100 ms, doubling to at most 1 s, each stretched by
// up to a fifth at random so that instances do not retry in step — and answers at once with
// an error the errors plugin answers 503 (SQLSTATE 08001). When the while is over, one
// connect is tried; the others keep being refused until it answers.
import pg from 'pg'

const firstWaitMs = 100
const longestWaitMs = 1_000

/** Thrown instead of connecting while the backoff runs: a connection failure (08001), 503. */
export class DatabaseBackingOff extends Error {
  readonly code = '08001'
  constructor(retryInMs: number) {
    super(`database connection backing off for ${Math.ceil(retryInMs)} ms after a failed connect`)
  }
}

/** The backoff's state: when the next connect may be tried, and whether one is under way. */
export function connectBackoff(now: () => number = () => performance.now()) {
  let failures = 0
  let nextTryAt = 0
  let isTrying = false
  return {
    /** The refusal to answer instead of connecting, or undefined: connect (and report). */
    refusal(): DatabaseBackingOff | undefined {
      if (failures === 0) return undefined
      const waitMs = nextTryAt - now()
      if (waitMs > 0) return new DatabaseBackingOff(waitMs)
      if (isTrying) return new DatabaseBackingOff(0)
      isTrying = true
      return undefined
    },
    connected(): void {
      failures = 0
      isTrying = false
    },
    failed(): void {
      failures++
      isTrying = false
      const waitMs = Math.min(longestWaitMs, firstWaitMs * 2 ** (failures - 1))
      nextTryAt = now() + waitMs * (1 + Math.random() / 5)
    },
  }
}
export type ConnectBackoff = ReturnType<typeof connectBackoff>

/** The pool's client class (`new pg.Pool({ Client })`): connects only when the backoff lets it. */
export function clientWithBackoff(backoff: ConnectBackoff): typeof pg.Client {
  return class ClientWithBackoff extends pg.Client {
    override connect(): Promise<pg.Client>
    override connect(callback: (error: Error) => void): void
    override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
      const refusal = backoff.refusal()
      const report = (error: Error | undefined) => (error ? backoff.failed() : backoff.connected())
      if (!callback) {
        if (refusal) return Promise.reject(refusal)
        return super.connect().then(
          (client) => (report(undefined), client),
          (error: Error) => {
            report(error)
            throw error
          },
        )
      }
      if (refusal) return void process.nextTick(callback, refusal)
      super.connect((error: Error | null) => {
        report(error ?? undefined)
        callback(error as Error)
      })
    }
  }
}
