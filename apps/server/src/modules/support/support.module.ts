// The support console: the desk's services and routes, and the daily tasks (issue 31).
import type { FastifyInstance } from 'fastify'
import { deriveKey } from '../../lib/crypto.ts'
import type { OidcService } from '../oidc/oidc.service.ts'
import type { PasskeysService } from '../passkeys/passkeys.service.ts'
import type { Shared } from '../shared.ts'
import { consoleRoutes } from './console.routes.ts'
import { memberAdminRoutes } from './member-admin.routes.ts'
import { memberAdminService } from './member-admin.service.ts'
import { staffService } from './staff.service.ts'
import { supportService } from './support.service.ts'

export async function register(
  app: FastifyInstance,
  { store, writer, clock, config, counters }: Shared,
  { passkeys, oidc }: { passkeys: PasskeysService; oidc: OidcService },
) {
  const staff = staffService({
    store,
    writer,
    clock,
    codeKey: deriveKey(config.sessionSecret, 'staff-code'),
  })
  await app.register(consoleRoutes, {
    prefix: '/api/console',
    support: supportService({ store, writer, clock }),
    staff,
    passkeys,
    isCookieSecure: config.isCookieSecure,
    timeZone: config.supportTimeZone,
    oidcSites: () => oidc.listSites(),
  })
  // The support desk's daily tasks (issue 31): search, disable/enable, audit export, password.
  await app.register(memberAdminRoutes, {
    prefix: '/api/console',
    memberAdmin: memberAdminService({ store }),
    staff,
    countPasswordRefusal: (staffId) =>
      counters.increment(
        `console-password-refused:${staffId}`,
        config.rateLimits.windowMinutes * 60_000,
        clock.now().getTime(),
      ),
  })
}
