// What buildApp (app.ts) decorates the Fastify instance with, for every module and test that
// reads it. Types only.
import type { OutboxWorker, OutboxWriter } from './delivery/outbox.ts'
import type { Clock } from './lib/clock.ts'
import type { HealthMonitor } from './plugins/health.ts'
import type { Metrics } from './plugins/metrics.ts'
import type { ReadinessReport } from './plugins/probes.ts'
import type { PurgeReport } from './store/retention.ts'

declare module 'fastify' {
  interface FastifyInstance {
    outbox: { writer: OutboxWriter; worker: OutboxWorker }
    /** The one source of time (operator commands and tests read it too). */
    clock: Clock
    metrics: Metrics
    /** Dependencies sampled in the background: readiness, gauges, start-up warnings. */
    health: HealthMonitor
    /** One retention pass (the sweep timer runs it every RETENTION_SWEEP_MINUTES). */
    purgeExpired(): Promise<PurgeReport>
    /** Readiness with what is down and why: for the management port and the log only (R2). */
    readinessReport(): Promise<ReadinessReport>
  }
}
