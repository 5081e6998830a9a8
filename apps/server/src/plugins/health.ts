// What the service knows about its dependencies, sampled in the background (every few
// seconds, each wait bounded) so that /metrics and /readyz answer from memory at once, even
// while PostgreSQL is stopped or hung. Readiness fails only on the database; Redis and SMTP
// away make the service "degraded": it still serves (limits per instance, mail retried later).
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Transport } from '../delivery/transports.ts'
import { deadLetterStatuses, outboxRepo } from '../store/outbox.repo.ts'
import type { Database } from '../store/db.ts'
import { within } from '../store/db.ts'
import { outbox } from '../store/schema.ts'
import type { WindowStore } from '../lib/window-store.ts'
import { inArray } from 'drizzle-orm'

export type Dependency = 'database' | 'redis' | 'smtp'

export interface DependencyCheck {
  name: Dependency
  status: 'up' | 'down'
  /** Only the database makes the service unready; the others make it degraded. */
  isRequired: boolean
  detail?: string
}

export interface Samples {
  /** When the database-backed values were last read (ms since epoch), undefined = never. */
  sampledAt: number | undefined
  outboxDepth: number
  oldestPending: Date | null
  deadLetters: number
  pendingMigrations: number
  up: Record<Dependency, boolean | undefined>
}

export interface HealthMonitor {
  /** One sampling pass now (start-up and tests); never rejects. */
  sample(): Promise<void>
  samples(): Samples
  /** Readiness: a fresh database ping (short timeout) and the last samples of the rest. */
  readiness(): Promise<{
    status: 'ready' | 'degraded' | 'unavailable' | 'draining'
    checks: DependencyCheck[]
  }>
  /** Shutting down (SIGTERM): readiness answers 'draining' from now on, so balancers stop sending. */
  drain(): void
  start(): void
  stop(): void
}

export function healthMonitor(options: {
  database: Database
  counters: WindowStore
  smtp: Transport | undefined
  hasRedis: boolean
  intervalMs?: number
  /** The longest one database sample, or the readiness ping, may wait. */
  timeoutMs?: number
  /** SMTP is asked (a connection and EHLO) once every this many passes. */
  smtpEvery?: number
}): HealthMonitor {
  const { database, counters, smtp } = options
  const intervalMs = options.intervalMs ?? 5_000
  const timeoutMs = options.timeoutMs ?? 1_500
  const smtpEvery = options.smtpEvery ?? 6
  const repo = outboxRepo(database.db)
  const state: Samples = {
    sampledAt: undefined,
    outboxDepth: 0,
    oldestPending: null,
    deadLetters: 0,
    pendingMigrations: 0,
    up: {
      database: undefined,
      redis: undefined,
      smtp: undefined,
    },
  }
  const details: Partial<Record<Dependency, string>> = {}
  let passes = 0
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isDraining = false

  const readDatabase = async () => {
    // First on its own: an unmigrated database has no outbox table to count.
    state.pendingMigrations = await within(database.pendingMigrations(), timeoutMs, 'database')
    const [stats, dead] = await within(
      Promise.all([
        repo.pendingStats(),
        database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(inArray(outbox.status, deadLetterStatuses)),
      ]),
      timeoutMs,
      'database',
    )
    state.outboxDepth = stats.depth
    state.oldestPending = stats.oldest
    state.deadLetters = dead[0]?.n ?? 0
    state.sampledAt = Date.now()
    state.up.database = true
    delete details.database
  }

  const pass = async () => {
    const isSmtpTurn = passes % smtpEvery === 0
    passes++
    await Promise.all([
      readDatabase().catch((error: unknown) => {
        state.up.database = false
        details.database = error instanceof Error ? error.message : String(error)
      }),
      smtp?.verify && isSmtpTurn
        ? within(smtp.verify(), Math.max(timeoutMs, 5_000), 'smtp').then(
            () => {
              state.up.smtp = true
              delete details.smtp
            },
            (error: unknown) => {
              state.up.smtp = false
              details.smtp = error instanceof Error ? error.message : String(error)
            },
          )
        : undefined,
    ])
    if (options.hasRedis) state.up.redis = counters.isUp?.() ?? false
  }

  const sample = () => (running ??= pass().finally(() => (running = undefined)))

  return {
    sample,
    samples: () => ({ ...state, up: { ...state.up } }),
    drain() {
      isDraining = true
    },
    async readiness() {
      if (isDraining) return { status: 'draining' as const, checks: [] }
      const checks: DependencyCheck[] = []
      try {
        await database.ping(timeoutMs)
        const pending = state.pendingMigrations
        checks.push(
          pending > 0
            ? {
                name: 'database',
                status: 'down',
                isRequired: true,
                detail: `migrations pending (${pending}): run npm run db:migrate`,
              }
            : { name: 'database', status: 'up', isRequired: true },
        )
      } catch (error) {
        checks.push({
          name: 'database',
          status: 'down',
          isRequired: true,
          detail: error instanceof Error ? error.message : String(error),
        })
      }
      if (options.hasRedis) {
        const isUp = counters.isUp?.() ?? false
        checks.push({
          name: 'redis',
          status: isUp ? 'up' : 'down',
          isRequired: false,
          ...(isUp ? {} : { detail: 'unreachable: limits count per instance' }),
        })
      }
      if (smtp && state.up.smtp !== undefined) {
        checks.push({
          name: 'smtp',
          status: state.up.smtp ? 'up' : 'down',
          isRequired: false,
          ...(details.smtp ? { detail: details.smtp } : {}),
        })
      }
      const status = checks.some((c) => c.isRequired && c.status === 'down')
        ? 'unavailable'
        : checks.some((c) => c.status === 'down')
          ? 'degraded'
          : 'ready'
      return { status, checks }
    },
    start() {
      timer = setInterval(() => {
        void sample()
      }, intervalMs)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
  }
}

/** One warning line for each optional dependency found away at start. */
export function warnUnreachable(monitor: HealthMonitor, log: FastifyBaseLogger): void {
  const { up } = monitor.samples()
  if (up.redis === false) {
    log.warn('REDIS_URL: Redis unreachable at start: limits count per instance until it answers')
  }
  if (up.smtp === false) {
    log.warn(
      'SMTP_URL: the mail server refused or did not answer at start: emails wait in the outbox',
    )
  }
}
