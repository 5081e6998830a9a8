// The id and client address of the request being served, wherever its work runs (services,
// repositories), so that audit rows and outbox rows carry them without every call passing
// them along (issue 32, A1: every audit row written during a request has its client IP).
//
// On Node 24 AsyncLocalStorage is built on AsyncContextFrame: the store travels with each
// promise and callback as a frame reference, with no async_hooks init/before/after calls per
// promise (decision 0014 measured those at 7% of the sign-in's event loop on Node 20). The
// onRequest hook runs the rest of the request inside `run`, which is all it needs.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { localeFromAcceptLanguage, localeFromCookieHeader, type Locale } from '@portal/contract'

interface RequestContext {
  requestId: string
  /** Fastify's `request.ip`: the peer, or the client a trusted proxy names (TRUST_PROXY). */
  clientIp: string | null
  /** The route answered ('POST /api/console/staff'): its pattern, never the query string. */
  route: string | null
  /**
   * The language the portal is used in (issue 24): the cookie the language switch writes,
   * else the browser's Accept-Language; null when the request names neither (API clients).
   * Read from the headers on first use: most calls send no message and never ask.
   */
  locale(): Locale | null
}

const storage = new AsyncLocalStorage<Context>()

/** The headers a request names its language in. */
interface LocaleHeaders {
  cookie?: string | undefined
  'accept-language'?: string | undefined
}

/**
 * One per request: a class, so that no closure is made for each request, and the route's
 * name is built only when asked for (a refusal's audit row), not for every request (issue 45).
 */
class Context implements RequestContext {
  #locale: Locale | null | undefined
  constructor(
    readonly requestId: string,
    readonly clientIp: string | null,
    private readonly method: string | undefined,
    /** The route's pattern; undefined when the request reached none. */
    private readonly routeUrl: string | undefined,
    private readonly headers: LocaleHeaders | undefined,
    /** The answer being written (whenAnswered); undefined outside an HTTP request. */
    readonly response: ServerResponse | undefined,
  ) {}
  get route(): string | null {
    return this.method === undefined ? null : `${this.method} ${this.routeUrl ?? '(no route)'}`
  }
  locale(): Locale | null {
    if (this.#locale === undefined) this.#locale = this.headers ? requestLocale(this.headers) : null
    return this.#locale
  }
}

/**
 * Runs `work` as the request's: its id, client address, route (`method` and the route's
 * pattern `routeUrl`, undefined when none was reached) and language headers.
 */
export function runWithRequestId<T>(
  requestId: string,
  work: () => T,
  request: {
    clientIp?: string
    method?: string
    routeUrl?: string | undefined
    headers?: LocaleHeaders
    response?: ServerResponse
  } = {},
): T {
  return storage.run(
    new Context(
      requestId,
      request.clientIp ?? null,
      request.method,
      request.routeUrl,
      request.headers,
      request.response,
    ),
    work,
  )
}

/**
 * Runs `then` once, when the current request's answer has been written (or its connection
 * closed before): work that must follow the answer, asked for by the few requests that need
 * it, instead of a hook every request passes (issue 45). False outside a request: nothing
 * will run.
 */
export function whenAnswered(then: () => void): boolean {
  const response = storage.getStore()?.response
  if (!response) return false
  let isRun = false
  const once = () => {
    if (isRun) return
    isRun = true
    response.off('finish', once).off('close', once)
    then()
  }
  response.on('finish', once).on('close', once)
  return true
}

/** The language a request's headers name (issue 24): cookie first, then Accept-Language. */
export function requestLocale(headers: LocaleHeaders): Locale | null {
  const chosen = localeFromCookieHeader(headers.cookie)
  if (chosen) return chosen
  const accepted = headers['accept-language']
  return accepted ? localeFromAcceptLanguage(accepted) : null
}

/** The current request's language, or null outside a request or when it names none. */
export function currentLocale(): Locale | null {
  return storage.getStore()?.locale() ?? null
}

/** The current request's route ('POST /api/sessions'), or null outside a request. */
export function currentRoute(): string | null {
  return storage.getStore()?.route ?? null
}

/** The current request's client address, or null outside a request (worker, CLI). */
export function currentClientIp(): string | null {
  return storage.getStore()?.clientIp ?? null
}

/** The current request's id, or null outside a request (worker, CLI). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null
}

// What a load balancer may send: letters, digits and - _ . : (UUIDs, AWS and nginx ids).
const acceptableId = /^[\w.:-]{8,128}$/

/**
 * Fastify's genReqId: the proxy's x-request-id when the service trusts a proxy (TRUST_PROXY)
 * and the value looks like an id, otherwise a new UUID.
 */
export function requestIdGenerator(isTrustedPeer: (address: string | undefined) => boolean) {
  return (req: IncomingMessage): string => {
    const header = req.headers['x-request-id']
    // The peer is looked at only when an id was sent: most requests send none (issue 45).
    if (
      typeof header === 'string' &&
      acceptableId.test(header) &&
      isTrustedPeer(req.socket.remoteAddress)
    ) {
      return header
    }
    return randomUUID()
  }
}

/** What the technical-difficulties message shows: short to read out, and a prefix to search. */
export function shortReference(requestId: string): string {
  return requestId.slice(0, 8)
}
