// The WebAuthn relying party (issue 23): the domain passkeys are bound to and the origins a
// ceremony may come from (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS), judged once at start-up.
import { isIP } from 'node:net'

export interface RelyingParty {
  /** A registrable domain (no scheme, no port): browsers refuse an IP address here. */
  rpId: string
  /** Exact origins; outside production an origin may end in `:*` (any port, the demo's). */
  origins: string[]
}

const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const domainPattern = new RegExp(`^${label}(?:\\.${label})*$`)

/** Why `rpId` cannot be one, or undefined. */
export function rpIdProblem(rpId: string): string | undefined {
  if (isIP(rpId) || !domainPattern.test(rpId)) {
    return 'must be a domain name (no scheme, port or IP address), e.g. portal.example.org'
  }
  return undefined
}

/** Why `origin` cannot serve `rpId`, or undefined. */
export function originProblem(
  origin: string,
  rpId: string,
  rules: { isProduction: boolean; allowLoopbackHttp: boolean },
): string | undefined {
  const isAnyPort = origin.endsWith(':*')
  if (isAnyPort && rules.isProduction) return `${origin}: a port wildcard is refused in production`
  let url: URL
  try {
    url = new URL(isAnyPort ? origin.slice(0, -2) : origin)
  } catch {
    return `${origin}: not an origin (scheme://host[:port])`
  }
  if (url.origin !== (isAnyPort ? origin.slice(0, -2) : origin)) {
    return `${origin}: not an origin (scheme://host[:port], nothing after it)`
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${origin}: must be http(s)`
  // Browsers hold http://localhost a secure context, and a passkey bound to 'localhost' is
  // worth nothing to another site: a local run (compose.yaml) may use it in production.
  const isLocal = url.hostname === 'localhost'
  const isLoopback = isLocal || url.hostname === '127.0.0.1'
  const isPlainHttpAllowed = isLocal || (rules.allowLoopbackHttp && isLoopback)
  if (rules.isProduction && url.protocol !== 'https:' && !isPlainHttpAllowed) {
    return `${origin}: must be https:// in production`
  }
  if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
    return `${origin}: its host is not ${rpId} or a subdomain of it`
  }
  return undefined
}

/** Whether a ceremony's origin (from the browser's client data) is one of the configured. */
export function isAllowedOrigin(origins: readonly string[], origin: string): boolean {
  return origins.some((allowed) => {
    if (!allowed.endsWith(':*')) return allowed === origin
    const base = allowed.slice(0, -2)
    return (
      origin === base ||
      (origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1)))
    )
  })
}
