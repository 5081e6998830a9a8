// Password sign-in: its service and routes.
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../shared.ts'
import { authenticationRoutes } from './authentication.routes.ts'
import { authenticationService } from './authentication.service.ts'
import { unknownUsernames } from './unknown-usernames.ts'

export async function register(app: FastifyInstance, shared: Shared) {
  const { store, writer, clock, config, counters } = shared
  await app.register(authenticationRoutes, {
    authentication: authenticationService({
      store,
      writer,
      clock,
      passwordMaxAgeDays: config.passwordMaxAgeDays,
      unknownUsernames: unknownUsernames({
        store: counters,
        clock,
        keepDays: config.loginLimits.shadowCounterDays,
      }),
    }),
  })
}
