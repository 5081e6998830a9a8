// Demo mode only: the demo receivers, the outbox viewer and the API reference.
import type { FastifyInstance } from 'fastify'
import type { Shared } from '../modules/shared.ts'
import { apiReferenceRoutes } from './api-reference.routes.ts'
import { demoRoutes, windowStoreNonces } from './demo.routes.ts'
import { outboxViewerRoutes } from './outbox-viewer.routes.ts'
import { outboxViewerService } from './outbox-viewer.service.ts'

export async function register(
  app: FastifyInstance,
  { config, clock, counters, store, writer }: Shared,
) {
  await app.register(demoRoutes, {
    plHandoffKeys: { encryption: config.plHandoffKey, mac: config.plHandoffMacKey },
    plNonces: windowStoreNonces(counters),
    clock,
  })
  await app.register(outboxViewerRoutes, { outbox: outboxViewerService({ store, writer }) })
  await app.register(apiReferenceRoutes)
}
