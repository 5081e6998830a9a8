// Which failures mean "a dependency is away or too slow" (answered 503, the spec's
// technical-difficulties message) rather than a fault of ours (500): a refused or dropped
// connection, a connect or statement timeout, a server shutting down or out of connections.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
])

// PostgreSQL SQLSTATEs: 08 connection exceptions, 53300 too many connections, 57014 query
// cancelled (statement_timeout), 57P01-57P05 shutdown, crash, cannot connect now, idle timeout.
const postgresStates = /^(08\d{3}|53300|57014|57P0[1-5])$/

const driverMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
]

// ioredis: a command refused while the connection is down (no offline queue), a connection
// closed under it, or its retries for one command spent.
const redisMessages = [
  "Stream isn't writeable",
  'Connection is closed.',
  'Reached the max retries per request limit',
]
const redisNames = new Set(['MaxRetriesPerRequestError', 'AbortError'])

/** The dependencies whose outage is answered 503 (the portal_dependency_errors_total label). */
export type Dependency = 'database' | 'redis' | 'password_hashing' | 'incident_numbers'

/**
 * Which dependency `error`, or any error it wraps (`cause`), says is unavailable: Redis when
 * it is one of ioredis's connection errors, the database for a connection error, a PostgreSQL
 * connection or shutdown state, or the pool's own timeouts; undefined for anything else (a
 * fault of ours, answered 500).
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined
    if (current instanceof ServiceUnavailable) return current.dependency
    const { code, message, cause, name } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      name?: unknown
    }
    const text = typeof message === 'string' ? message : ''
    if (
      (typeof name === 'string' && redisNames.has(name)) ||
      redisMessages.some((m) => text.includes(m))
    ) {
      return 'redis'
    }
    if (typeof code === 'string' && (networkCodes.has(code) || postgresStates.test(code))) {
      return 'database'
    }
    if (driverMessages.some((m) => text.includes(m))) return 'database'
    current = cause
  }
  return undefined
}

/**
 * A plain domain error: the service cannot do this work now (a resource is exhausted), and
 * the caller may try again after `retryAfterSeconds`. The errors plugin answers it with 503
 * and the technical-difficulties message; nothing below the routes knows about HTTP.
 */
export class ServiceUnavailable extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string,
    /** What ran out (the label of portal_dependency_errors_total). */
    readonly dependency: Dependency,
  ) {
    super(reason)
  }
}
