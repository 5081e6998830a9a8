// Security headers: a strict content-security policy (no inline script), no caching of API
// answers, HSTS when cookies are marked secure (behind TLS). Helmet decides the headers once,
// at start; each request only copies them (helmet's middleware re-parses its options on
// every call, which cost a tenth of a cheap call's time).
import type { ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { routeOptionsOf } from './route-options.ts'

function helmetOptions(isBehindTls: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No page of the portal sets a <base>: an injected one could re-point every relative URL.
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    hsts: isBehindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  }
}

/** The headers helmet sets with these options, read once from a stand-in response. */
export function securityHeaders(isBehindTls: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader() {}, // X-Powered-By: Node never sends it on its own
  } as unknown as ServerResponse
  let isDone = false
  helmet(helmetOptions(isBehindTls))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    response,
    (error?: unknown) => {
      if (error) throw error
      isDone = true
    },
  )
  // Helmet's middleware is synchronous; a later version that is not would fail here, at start.
  if (!isDone) throw new Error('helmet did not set its headers synchronously')
  return Object.freeze(headers)
}

/**
 * An API answer is data, never a page: its policy allows nothing (no script, style or frame
 * can come from a JSON answer opened as a document), and it carries helmet's headers that
 * apply to any answer, not those that only a document reads (the opener policy, the origin
 * cluster, the referrer policy, DNS prefetching, the old IE and Flash headers). 11 headers
 * become 6, the policy 60 bytes instead of 230: a cheap call's answer is read on every
 * call (issue 45). OWASP's REST Security Cheat Sheet lists this set.
 */
export function apiSecurityHeaders(page: Readonly<Record<string, string>>) {
  const forEveryAnswer = [
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ]
  return Object.freeze({
    ...Object.fromEntries(
      forEveryAnswer.flatMap((name) => (page[name] ? [[name, page[name]]] : [])),
    ),
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
  })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route outside /api/ that answers data, never a page (the probes): it takes the API
     * answers' headers (apiSecurityHeaders), not a page's.
     */
    answersData?: boolean
  }
}

/**
 * Sets an answer's security headers. Called from the service's one hook that every request
 * passes first (app.ts, with the request id): before routing's answer is known, so refusals,
 * 404s and errors carry them too; a hook of its own cost every request about a microsecond
 * more (issue 45). API answers are not cached unless their route says otherwise (reference
 * data, see plugins/reference-answers.ts); decided on the route reached, and on the path as
 * sent.
 */
export function securityHeadersSetter(options: { isBehindTls: boolean }) {
  const headers = securityHeaders(options.isBehindTls)
  const apiHeaders = apiSecurityHeaders(headers)
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const route = routeOptionsOf(request)
    const isData =
      request.url.startsWith('/api/') ||
      route.url?.startsWith('/api/') === true ||
      route.config?.answersData === true
    void reply.headers(isData ? apiHeaders : headers)
  }
}
