// Demo mode only: the demo receivers, the outbox viewer and the API reference; with
// `demoOidcSite`, the main site of dtcpnc as an OpenID Connect relying party (issue 44).
import type { FastifyInstance } from 'fastify'
import { issuerOf } from '../modules/oidc/oidc.module.ts'
import type { OidcService } from '../modules/oidc/oidc.service.ts'
import type { Shared } from '../modules/shared.ts'
import { apiReferenceRoutes } from './api-reference.routes.ts'
import { demoRoutes, windowStoreNonces } from './demo.routes.ts'
import { demoMainSiteOidcRoutes, demoOidcProgramsOf, type DemoOidcSite } from './main-site-oidc.ts'
import { outboxViewerRoutes } from './outbox-viewer.routes.ts'
import { outboxViewerService } from './outbox-viewer.service.ts'

export async function register(
  app: FastifyInstance,
  { config, clock, counters, store, writer }: Shared,
  { oidc, demoOidcSite }: { oidc: OidcService; demoOidcSite: DemoOidcSite },
) {
  await app.register(demoRoutes, {
    plHandoffKeys: { encryption: config.plHandoffKey, mac: config.plHandoffMacKey },
    plNonces: windowStoreNonces(counters),
    clock,
  })
  await app.register(outboxViewerRoutes, { outbox: outboxViewerService({ store, writer }) })
  await app.register(apiReferenceRoutes)
  const programs = demoOidcProgramsOf(demoOidcSite)
  if (programs.length > 0) {
    await app.register(demoMainSiteOidcRoutes, {
      programs,
      store,
      clock,
      oidc,
      issuer: issuerOf(config),
      sessionSecret: config.sessionSecret,
      secureCookies: config.isCookieSecure,
    })
  }
}
