// Liveness and readiness: the service port's /healthz and /readyz, and the management
// port's probes (server.ts, METRICS_PORT), which alone show what is down and why (R2).
import type { FastifyInstance } from 'fastify'
import type { Database } from '../store/db.ts'
import type { DependencyCheck, HealthMonitor } from './health.ts'

export interface ReadinessReport {
  statusCode: 200 | 503
  body: {
    status: Awaited<ReturnType<HealthMonitor['readiness']>>['status']
    database: Database['engine']
    checks: DependencyCheck[]
  }
}

/**
 * The management port's probes (server.ts, METRICS_PORT): liveness as the service port
 * answers it, readiness with every check's detail, which the service port keeps to itself.
 */
export function managementProbes(app: FastifyInstance) {
  return async (path: '/healthz' | '/readyz') => {
    if (path === '/readyz') {
      const { statusCode, body } = await app.readinessReport()
      return { statusCode, body: JSON.stringify(body) }
    }
    const answer = await app.inject({ url: path })
    return { statusCode: answer.statusCode, body: answer.body }
  }
}

export function registerProbes(
  app: FastifyInstance,
  { health, database }: { health: HealthMonitor; database: Database },
) {
  // Health checks: no session, nothing to compress, and data with the API answers' headers
  // (plugins/security.ts): an orchestrator polls them, and a page's eleven headers (about
  // 450 bytes more) were most of each answer.
  const probe = {
    compress: false,
    decompress: false,
    config: { needsNoSession: true, answersData: true },
  } as const
  // Liveness answers the same few bytes every time: encoded once, sent without a promise.
  const alive = JSON.stringify({ status: 'ok' })
  app.get('/healthz', probe, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(alive),
  )
  // Ready while the database answers within its short timeout and is migrated; Redis or SMTP
  // away is "degraded" (still 200): the service works, with limits per instance or mail held.
  // What is down, and the raw error, is logged when it changes and shown on the management
  // port only: anyone may call the service port's /readyz (security review R2).
  let lastLogged = JSON.stringify({ status: 'ready', checks: [] })
  app.decorate('readinessReport', async (): Promise<ReadinessReport> => {
    const { status, checks } = await health.readiness()
    const seen = JSON.stringify({ status, checks: checks.filter((c) => c.status === 'down') })
    if (seen !== lastLogged && status !== 'draining') {
      if (status === 'ready') app.log.info('readiness: ready')
      else app.log.warn({ status, checks }, `readiness: ${status}`)
    }
    lastLogged = seen
    return {
      statusCode: status === 'unavailable' || status === 'draining' ? 503 : 200,
      body: { status, database: database.engine, checks },
    }
  })
  app.get('/readyz', probe, async (_request, reply) => {
    const { statusCode, body } = await app.readinessReport()
    return reply.code(statusCode).send({ status: body.status })
  })
}
