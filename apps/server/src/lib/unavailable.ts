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

/** True when `error`, or any error it wraps (`cause`), says a dependency is unavailable. */
export function isUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    const { code, message, cause } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
    }
    if (typeof code === 'string' && (networkCodes.has(code) || postgresStates.test(code))) {
      return true
    }
    if (typeof message === 'string' && driverMessages.some((m) => message.includes(m))) return true
    current = cause
  }
  return false
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
  ) {
    super(reason)
  }
}
