// What a log line, or an operator's terminal, may show of an error. Drizzle writes a failed
// statement's values into its error's message and a `params` field: a password hash, a code's
// HMAC, a member's email or phone number. They are left out; the statement's text (placeholders
// only) and the database's own error (the cause) stay, which is what says what failed.
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { stdSerializers } from 'pino'

/** The `    at …` lines of a stack: what follows the message, however many lines it had. */
function framesOf(stack: string | undefined): string {
  const start = stack?.indexOf('\n    at ') ?? -1
  return start >= 0 ? (stack ?? '').slice(start) : ''
}

/**
 * `error` with no statement's values anywhere in its chain of causes: a copy where one had
 * them (the error itself is left as it is; it may still be read), the same error otherwise.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error
  const cause = withoutQueryValues(error.cause, depth + 1)
  if (error instanceof DrizzleQueryError) {
    // Still a DrizzleQueryError (the log line's `type`), without `params`.
    const safe = Object.create(DrizzleQueryError.prototype) as DrizzleQueryError
    safe.message = `Failed query: ${error.query}`
    safe.stack = `Error: ${safe.message}${framesOf(error.stack)}`
    return Object.assign(safe, { query: error.query, cause })
  }
  if (cause === error.cause) return error
  // message and stack are an Error's own but not enumerable: Object.assign skips them.
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error)
  copy.message = error.message
  copy.stack = error.stack ?? ''
  copy.cause = cause
  return copy
}

/** The logger's `err` serializer: pino's, on the error without statement values. */
export function serializedError(error: unknown) {
  return stdSerializers.err(withoutQueryValues(error) as Error)
}
