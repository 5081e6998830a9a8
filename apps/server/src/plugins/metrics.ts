// Prometheus metrics (prom-client), one registry per app so that tests can build several.
// Sign-in, MFA, lockout and code counters follow the audit events, so no service has to know
// about metrics; database-backed gauges come from background samples (plugins/health.ts).
import { createServer, type Server } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client'
import type { DeliveryOutcome } from '../delivery/outbox.ts'
import type { Clock } from '../lib/clock.ts'
import type { AuditEntry, AuditEvent } from '../store/audit.repo.ts'
import type { HealthMonitor } from './health.ts'
import { passwordHashingLoad } from '../lib/passwords.ts'
import type { Database } from '../store/db.ts'
import type { Dependency } from '../lib/unavailable.ts'
import { routeOptionsOf } from './route-options.ts'

export function createMetrics({
  clock,
  monitor,
  database,
  build = { version: 'dev', commit: 'unknown' },
}: {
  clock: Clock
  monitor?: HealthMonitor
  database?: Pick<Database, 'poolStats'>
  build?: { version: string; commit: string }
}) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'portal_' })
  const signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Password sign-in attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const mfa = new Counter({
    name: 'portal_mfa_outcomes_total',
    help: 'Second-factor outcomes',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const lockouts = new Counter({
    name: 'portal_lockouts_total',
    help: 'Accounts locked, by the step that locked them',
    labelNames: ['step'],
    registers: [registry],
  })
  const codesSent = new Counter({
    name: 'portal_codes_sent_total',
    help: 'Verification codes issued for sending',
    registers: [registry],
  })
  const deliveries = new Counter({
    name: 'portal_outbox_deliveries_total',
    help: 'Outbox delivery attempts by outcome and channel',
    labelNames: ['outcome', 'channel'],
    registers: [registry],
  })
  const dependencyErrors = new Counter({
    name: 'portal_dependency_errors_total',
    help: 'Requests answered 503 because a dependency was away or exhausted, by dependency',
    labelNames: ['dependency'],
    registers: [registry],
  })
  const requestDuration = new RequestDurations([0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5])
  registry.registerMetric(requestDuration as unknown as Metric)
  // Database-backed values come from the health monitor's background samples, never from a
  // query at scrape time: a scrape answers at once, with every series, while PostgreSQL is
  // stopped or hung; portal_database_sample_age_seconds says how old they are.
  const samples = () => monitor?.samples()
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read() ?? 0)
      },
    })
  gauge(
    'portal_outbox_depth',
    'Messages waiting to be sent (sampled)',
    () => samples()?.outboxDepth,
  )
  gauge(
    'portal_outbox_oldest_pending_age_seconds',
    'Age of the oldest message waiting to be sent (0 when none)',
    () => {
      const oldest = samples()?.oldestPending
      return oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0
    },
  )
  gauge(
    'portal_outbox_dead_letters',
    'Messages that failed for good or were dead-lettered (outbox-requeue sends them again)',
    () => samples()?.deadLetters,
  )
  gauge(
    'portal_migrations_pending',
    'Migrations not yet applied to the database (run npm run db:migrate)',
    () => samples()?.pendingMigrations,
  )
  gauge(
    'portal_database_sample_age_seconds',
    'Seconds since the database-backed gauges were last read (-1 = never)',
    () => {
      const at = samples()?.sampledAt
      return at === undefined ? -1 : (Date.now() - at) / 1000
    },
  )
  new Gauge({
    name: 'portal_dependency_up',
    help: '1 when the dependency answered its last check, 0 when not (absent = not configured)',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      this.reset()
      for (const [dependency, isUp] of Object.entries(samples()?.up ?? {})) {
        if (isUp !== undefined) this.set({ dependency }, isUp ? 1 : 0)
      }
    },
  })
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database?.poolStats()
      for (const state of ['total', 'idle', 'waiting'] as const)
        this.set({ state }, pool?.[state] ?? 0)
    },
  })
  gauge(
    'portal_password_hashes_running',
    'Password hashes computing now',
    () => passwordHashingLoad().running,
  )
  gauge(
    'portal_password_hashes_waiting',
    'Password hashes queued (beyond PASSWORD_HASH_QUEUE: 503)',
    () => passwordHashingLoad().waiting,
  )
  new Gauge({
    name: 'portal_build_info',
    help: 'The running release (always 1)',
    labelNames: ['version', 'commit', 'node'],
    registers: [registry],
  }).set({ version: build.version, commit: build.commit, node: process.version }, 1)

  const signInOutcomes: Partial<Record<AuditEvent, string>> = {
    'login.succeeded': 'succeeded',
    'login.failed': 'failed',
    'login.locked': 'locked',
    'login.unknown_user': 'unknown_user',
    'login.wrong_program': 'wrong_program',
  }
  const mfaOutcomes: Partial<Record<AuditEvent, string>> = {
    'mfa.passed': 'passed',
    'mfa.known_device': 'known_device',
    'mfa.code_rejected': 'code_rejected',
    'mfa.locked': 'locked',
    'mfa.support_requested': 'support_requested',
  }

  return {
    registry,
    /** Counts what the audit log records. */
    observeAudit({ event, detail }: AuditEntry): void {
      const signIn = signInOutcomes[event]
      if (signIn) signIns.inc({ outcome: signIn })
      const step = mfaOutcomes[event]
      if (step) mfa.inc({ outcome: step })
      // login.locked is also written for each attempt on an account already locked; the
      // attempt that locks it carries the failed-attempt count.
      if (event === 'login.locked' && detail?.failedAttempts !== undefined) {
        lockouts.inc({ step: 'password' })
      }
      if (event === 'mfa.locked') lockouts.inc({ step: 'mfa' })
      if (event === 'mfa.code_sent') codesSent.inc()
    },
    observeDelivery(outcome: DeliveryOutcome, channel: string): void {
      deliveries.inc({ outcome, channel })
    },
    observeDependencyError(dependency: Dependency): void {
      dependencyErrors.inc({ dependency })
    },
    requestDuration,
  }
}
export type Metrics = ReturnType<typeof createMetrics>

/** One method, route and status's request durations. */
class DurationSeries {
  /** Per bucket, not cumulative; the last is above every bound (+Inf). */
  readonly counts: number[]
  sum = 0
  count = 0
  constructor(
    private readonly bounds: readonly number[],
    readonly labels: Readonly<Record<'method' | 'route' | 'status_code', string>>,
  ) {
    this.counts = new Array<number>(bounds.length + 1).fill(0)
  }
  observe(seconds: number): void {
    let bucket = 0
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket++
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1
    this.sum += seconds
    this.count++
  }
}

/**
 * portal_http_request_duration_seconds, a histogram by method, route and status kept by hand:
 * prom-client's Histogram validates and hashes the labels at every observation, a cost every
 * request paid (issue 45). Each series here is found once by a string key and then counted
 * into directly; the registry prints it as it prints prom-client's own histograms (the same
 * lines, buckets cumulative with `le`, then +Inf, _sum and _count).
 */
class RequestDurations {
  readonly name = 'portal_http_request_duration_seconds'
  readonly help = 'Time to answer a request'
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  readonly labelNames = ['method', 'route', 'status_code'] as const
  readonly #series = new Map<string, DurationSeries>()
  #byRoute = new WeakMap<object, Map<number, DurationSeries>>()
  constructor(private readonly bounds: readonly number[]) {}

  /** The series of one method, route and status (made at its first request). */
  labels(method: string, route: string, statusCode: string): DurationSeries {
    const key = `${method} ${statusCode} ${route}`
    let series = this.#series.get(key)
    if (!series) {
      series = new DurationSeries(this.bounds, { method, route, status_code: statusCode })
      this.#series.set(key, series)
    }
    return series
  }

  /**
   * The same, found by a route's config object (Fastify's, one per registered route) and the
   * status: no label key is built per request (issue 45). Only for a route of one method.
   */
  ofRoute(route: object, method: string, url: string, statusCode: number): DurationSeries {
    let ofRoute = this.#byRoute.get(route)
    if (!ofRoute) this.#byRoute.set(route, (ofRoute = new Map()))
    let series = ofRoute.get(statusCode)
    if (!series) ofRoute.set(statusCode, (series = this.labels(method, url, String(statusCode))))
    return series
  }

  reset(): void {
    this.#series.clear()
    this.#byRoute = new WeakMap()
  }

  /** What prom-client's registry prints (Histogram.getForPromString's shape). */
  async getForPromString() {
    const values: {
      labels: Record<string, string | number>
      sharedLabels: Record<string, string>
      value: number
      metricName: string
    }[] = []
    for (const series of this.#series.values()) {
      let cumulative = 0
      const line = (labels: Record<string, string | number>, value: number, suffix: string) =>
        values.push({
          labels,
          sharedLabels: series.labels,
          value,
          metricName: `${this.name}${suffix}`,
        })
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index] ?? 0
        line({ le: bound }, cumulative, '_bucket')
      })
      line({ le: '+Inf' }, series.count, '_bucket')
      line({}, series.sum, '_sum')
      line({}, series.count, '_count')
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    }
  }

  /** The same, each line's labels in one object (as prom-client's get() answers). */
  async get() {
    const data = await this.getForPromString()
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...sharedLabels, ...labels },
      })),
    }
  }
}

function isBearer(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`)
  const given = Buffer.from(header ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

interface MetricsOptions {
  metrics: Metrics
  /** `/metrics` on the service port with this bearer token; no token = not served there. */
  token: string | undefined
}

async function metricsPlugin(app: FastifyInstance, { metrics, token }: MetricsOptions) {
  app.addHook('onResponse', (request, reply, done) => {
    const { url, config } = routeOptionsOf(request)
    const durations = metrics.requestDuration
    // A route of one method is found by its config object, without a label key built per
    // request; a route of several methods, and requests that reached none, by key.
    const series =
      url !== undefined && config?.method === request.method
        ? durations.ofRoute(config, request.method, url, reply.statusCode)
        : durations.labels(request.method, url ?? 'unmatched', String(reply.statusCode))
    series.observe(reply.elapsedTime / 1000)
    done()
  })
  if (!token) return
  app.get('/metrics', async (request, reply) => {
    if (!isBearer(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Unauthorized', message: 'A metrics token is required.' })
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics())
  })
}

export default fp(metricsPlugin, { name: 'metrics' })

/**
 * METRICS_PORT, the management port: /metrics without a token, and the probes /healthz and
 * /readyz (answered by the app itself), off the public network.
 */
export function startManagementServer(
  metrics: Metrics,
  port: number,
  host: string,
  probe?: (path: '/healthz' | '/readyz') => Promise<{ statusCode: number; body: string }>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0]
    if ((path === '/healthz' || path === '/readyz') && probe) {
      probe(path).then(
        ({ statusCode, body }) =>
          response.writeHead(statusCode, { 'content-type': 'application/json' }).end(body),
        () => response.writeHead(503).end(),
      )
      return
    }
    if (path !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
