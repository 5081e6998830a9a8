// The session's time and the hand-off to the program's site: their routes and service.
import type { FastifyInstance } from 'fastify'
import type { OidcService } from '../oidc/oidc.service.ts'
import type { Shared } from '../shared.ts'
import { handoffRoutes } from './handoff.routes.ts'
import { handoffService } from './handoff.service.ts'
import { sessionTimeRoutes } from './session-time.routes.ts'

export async function register(
  app: FastifyInstance,
  { config, clock }: Shared,
  { oidc }: { oidc: OidcService },
) {
  await app.register(sessionTimeRoutes, { warnBeforeSeconds: config.sessionIdleWarningSeconds })
  await app.register(handoffRoutes, {
    oidc,
    handoff: handoffService({
      mainSiteUrl: config.mainSiteUrl,
      plPolicyAppUrl: config.plPolicyAppUrl,
      plHandoffKeys: { encryption: config.plHandoffKey, mac: config.plHandoffMacKey },
      clock,
    }),
  })
}
