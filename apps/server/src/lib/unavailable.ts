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
