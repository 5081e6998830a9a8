// Username and password recovery: its service and routes.
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../shared.ts'
import { recoveryRoutes } from './recovery.routes.ts'
import { recoveryService } from './recovery.service.ts'

export async function register(app: FastifyInstance, { store, writer, clock, config }: Shared) {
  await app.register(recoveryRoutes, {
    recovery: recoveryService({
      store,
      writer,
      clock,
      temporaryPasswordTtl: {
        emailHours: config.tempPasswordTtlHours,
        smsMinutes: config.tempPasswordSmsTtlMinutes,
      },
      beforeSend: (userId) => app.limits.messageFor(userId),
    }),
  })
}
