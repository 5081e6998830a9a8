// The service's background work: the outbox's writer and worker (with the message caps),
// and the retention sweep; each started when the service is ready and stopped at close.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { messageCaps } from '../delivery/message-caps.ts'
import { outboxWorker, outboxWriter, type OutboxWriter } from '../delivery/outbox.ts'
import { httpSmsTransport, type Transport } from '../delivery/transports.ts'
import type { Clock } from '../lib/clock.ts'
import { deriveKeys } from '../lib/crypto.ts'
import type { WindowStore } from '../lib/window-store.ts'
import type { Db } from '../store/db.ts'
import { purgeExpired } from '../store/retention.ts'
import type { Metrics } from './metrics.ts'

interface OutboxDeps {
  config: Config
  db: Db
  clock: Clock
  counters: WindowStore
  smtp: Transport | undefined
  metrics: Metrics
  /** Told of a message the caps refused (the 429 audit, plugins/rate-limits.ts). */
  onRefused: Parameters<typeof messageCaps>[0]['onRefused']
}

/** The outbox's writer, and its worker started when the service is ready (app.outbox). */
export function startOutbox(app: FastifyInstance, deps: OutboxDeps): OutboxWriter {
  const { config, db, clock, counters, smtp, metrics, onRefused } = deps
  const writer = outboxWriter(
    deriveKeys(config.sessionSecrets, 'outbox'),
    clock,
    messageCaps({ store: counters, clock, log: app.log, ...config.messageLimits, onRefused }),
  )
  const worker = outboxWorker({
    db,
    clock,
    writer,
    transports: {
      ...(smtp ? { email: smtp } : {}),
      ...(config.smsProviderUrl
        ? { sms: httpSmsTransport(config.smsProviderUrl, config.smsFrom) }
        : {}),
    },
    log: app.log,
    pollMs: config.outboxPollMs,
    maxAttempts: config.outboxMaxAttempts,
    sendTimeoutMs: config.outboxSendTimeoutMs,
    keepBodies: config.isDemo,
    onOutcome: (outcome, channel) => metrics.observeDelivery(outcome, channel),
  })
  app.decorate('outbox', { writer, worker })
  if (config.outboxPollMs > 0) app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => worker.stop())
  return writer
}

/** app.purgeExpired, and the sweep that runs it every RETENTION_SWEEP_MINUTES. */
export function startRetentionSweep(
  app: FastifyInstance,
  { config, db, clock }: { config: Config; db: Db; clock: Clock },
) {
  app.decorate('purgeExpired', () => purgeExpired(db, clock.now(), config.retention))
  let sweep: NodeJS.Timeout | undefined
  if (config.retention.sweepMinutes > 0) {
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        app.purgeExpired().then(
          (report) => app.log.info({ purged: report }, 'retention sweep'),
          (error: unknown) => app.log.error({ err: error }, 'retention sweep failed'),
        )
      }, config.retention.sweepMinutes * 60_000)
      sweep.unref()
    })
    app.addHook('onClose', async () => clearInterval(sweep))
  }
}
