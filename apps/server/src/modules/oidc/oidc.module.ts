// Issue 44: the OpenID Provider, built from the portal's settings and database.
import type { FastifyInstance } from 'fastify'
import { associationOf, findProgram } from '@portal/contract'
import type { Config } from '../../config.ts'
import { deriveKey, deriveKeys } from '../../lib/crypto.ts'
import type { Shared } from '../shared.ts'
import { verdictFor } from '../signin/program-check.ts'
import { oidcRoutes } from './oidc.routes.ts'
import { currentRequestId, whenAnswered } from '../../lib/request-context.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'
import { oidcService, signOutAtOnceEvents, SiteNotReady, type OidcService } from './oidc.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenID Provider (issue 44): its keys, sites and back-channel logout. */
    oidc: OidcService
  }
}

/**
 * The issuer: the portal's public origin with `/oidc`. Production names its origins
 * (WEBAUTHN_ORIGINS, required there): the first is the portal's. The demo's default allows
 * localhost on any port, so its issuer is localhost on the service's port.
 */
export function issuerOf(config: Config): string {
  const [origin = '*'] = config.webauthn.origins
  return origin.includes('*') ? `http://localhost:${config.port}/oidc` : `${origin}/oidc`
}

export async function register(
  app: FastifyInstance,
  { store, clock, config }: Shared,
  {
    alsoOpenIdConnect = [],
    observeAudit,
  }: {
    /** Programs on OpenID Connect besides the configured ones (the demo main site's). */
    alsoOpenIdConnect?: readonly string[]
    /** Tells `observe` of every audit event recorded (the store's observer). */
    observeAudit?: (observe: (entry: AuditEntry) => void) => void
  } = {},
): Promise<{ oidc: OidcService }> {
  const { users, customers } = store
  const issuer = issuerOf(config)
  const oidc = oidcService({
    issuer,
    repo: store.oidc,
    clock,
    openIdPrograms: new Set([...config.openIdConnectPrograms, ...alsoOpenIdConnect]),
    keys: {
      seal: deriveKey(config.sessionSecret, 'oidc-signing-keys'),
      open: deriveKeys(config.sessionSecrets, 'oidc-signing-keys'),
    },
    subjectKey: deriveKey(config.sessionSecret, 'oidc-subject'),
    cookieKeys: deriveKeys(config.sessionSecrets, 'oidc-cookies').map((key) => key.toString('hex')),
    cookieKey: deriveKey(config.sessionSecret, 'oidc-handover'),
    interactionUrl: (uid) => `/oidc/interaction/${uid}`,
    secureCookies: config.isCookieSecure,
    onError: (error) => app.log.error({ err: error }, 'openid connect'),
    sitesMayBeLocal: config.isDemo,
    // Told only of a member who may sign in now, for a program the customer belongs to.
    async memberOf(accountId, program) {
      const code = findProgram(program)?.code
      const member = await users.findMemberById(Number(accountId))
      if (!code || !member?.customer || member.user.isDisabled || member.user.isLocked) return
      if (verdictFor(code, member.customer) !== 'allowed') return
      const customer = await customers.findByCustnum(member.user.custnum)
      return {
        custnum: member.user.custnum,
        program: code,
        association: associationOf(code, customer?.level2org),
        name: customer?.cname ?? null,
        givenName: customer?.firstName ?? null,
      }
    },
  })
  app.decorate('oidc', oidc)
  // Back-channel logout at once: an event that ends a member's sign-ins (logout, the desk, a
  // password change, a lock) sends it when its request has been answered, so the change it
  // recorded (often in a transaction) is committed; outside a request, on the next turn. The
  // sweep every half minute stays the retry of a site that did not answer.
  // Only the requests that record such an event wait for their answer (once each, however
  // many they record): no hook for every request to pass (issue 45).
  const signOutNow = () => oidc.signOutSoon()
  const owedBy = new Set<string>()
  observeAudit?.((entry) => {
    if (!signOutAtOnceEvents.has(entry.event)) return
    const requestId = currentRequestId()
    if (requestId && owedBy.has(requestId)) return
    const isWaiting =
      requestId !== null &&
      whenAnswered(() => {
        owedBy.delete(requestId)
        signOutNow()
      })
    if (isWaiting) owedBy.add(requestId)
    else setImmediate(signOutNow)
  })
  await oidc.start()
  app.addHook('onClose', async () => {
    oidc.stop()
    await oidc.signOutsSettled()
  })
  // A program on OpenID Connect with no site refuses its hand-off (SiteNotReady): said at
  // start, once every module (the demo's site) has registered, so the operator sees it first.
  app.addHook('onReady', async () => {
    const missing = await oidc.programsWithoutSite().catch(() => [])
    for (const program of missing) app.log.error(new SiteNotReady(program).message)
  })
  await app.register(oidcRoutes, { oidc })
  return { oidc }
}
