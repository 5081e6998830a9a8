// buildApp builds the whole service without listening: server.ts listens, tests inject.
import { hostname } from 'node:os'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import formbody from '@fastify/formbody'
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import type { Config } from './config.ts'
import { apiReferenceRoutes } from './demo/api-reference.routes.ts'
import { demoRoutes, windowStoreNonces } from './demo/demo.routes.ts'
import { demoMainSiteOidcRoutes } from './demo/main-site-oidc.ts'
import { outboxViewerRoutes } from './demo/outbox-viewer.routes.ts'
import { outboxViewerService } from './demo/outbox-viewer.service.ts'
import {
  outboxWorker,
  outboxWriter,
  type OutboxWorker,
  type OutboxWriter,
} from './delivery/outbox.ts'
import { messageCaps } from './delivery/message-caps.ts'
import { httpSmsTransport, smtpTransport } from './delivery/transports.ts'
import { deriveKey, deriveKeys } from './lib/crypto.ts'
import { databaseClock, systemClock, type Clock } from './lib/clock.ts'
import { healthMonitor, type DependencyCheck, type HealthMonitor } from './lib/health.ts'
import { serializedError } from './lib/logged-errors.ts'
import { requestIdGenerator, runWithRequestId } from './lib/request-context.ts'
import { setPasswordHashingBounds } from './lib/passwords.ts'
import { fastifyTrustProxy, trustsPeer } from './lib/trusted-proxy.ts'
import { windowStore } from './lib/window-store.ts'
import { accountRoutes } from './modules/account/account.routes.ts'
import { accountService } from './modules/account/account.service.ts'
import { customerService } from './modules/customer/customer.service.ts'
import { policyService } from './modules/policy/policy.service.ts'
import { signInGuard } from './modules/signin/flow-guard.ts'
import { sessionsRepo } from './store/sessions.repo.ts'
import { policyRoutes } from './modules/policy/policy.routes.ts'
import { policyTermsRepo } from './store/policy-terms.repo.ts'
import { authenticationRoutes } from './modules/authentication/authentication.routes.ts'
import { authenticationService } from './modules/authentication/authentication.service.ts'
import { unknownUsernames } from './modules/authentication/unknown-usernames.ts'
import { customerRoutes } from './modules/customer/customer.routes.ts'
import { handoffRoutes } from './modules/handoff/handoff.routes.ts'
import { issuerOf, registerOidc } from './modules/oidc/index.ts'
import { sessionTimeRoutes } from './modules/handoff/session-time.routes.ts'
import { handoffService } from './modules/handoff/handoff.service.ts'
import { mfaRoutes } from './modules/mfa/mfa.routes.ts'
import { deviceCookieOf } from './modules/mfa/device-trust.ts'
import { mfaService } from './modules/mfa/mfa.service.ts'
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts'
import { passkeysService } from './modules/passkeys/passkeys.service.ts'
import { consoleRoutes } from './modules/support/console.routes.ts'
import { memberAdminRoutes } from './modules/support/member-admin.routes.ts'
import { memberAdminService } from './modules/support/member-admin.service.ts'
import { staffService } from './modules/support/staff.service.ts'
import { supportService } from './modules/support/support.service.ts'
import { referenceRepo } from './store/reference.repo.ts'
import { accountsService } from './modules/accounts/accounts.service.ts'
import { passwordRoutes } from './modules/password/password.routes.ts'
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts'
import { recoveryService } from './modules/recovery/recovery.service.ts'
import {
  registrationLookup,
  registrationRoutes,
} from './modules/registration/registration.routes.ts'
import { registrationService } from './modules/registration/registration.service.ts'
import apiSchemas from './plugins/api-schemas.ts'
import rateLimits, { refusalRecorder } from './plugins/rate-limits.ts'
import { passwordService } from './modules/password/password.service.ts'
import errors from './plugins/errors.ts'
import metricsPlugin, { createMetrics, type Metrics } from './plugins/metrics.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import { webRoutes } from './plugins/web.ts'
import { auditRepo } from './store/audit.repo.ts'
import { customersRepo } from './store/customers.repo.ts'
import type { Database } from './store/db.ts'
import { purgeExpired, type PurgeReport } from './store/retention.ts'
import { usersRepo } from './store/users.repo.ts'
import { isTracing } from './tracing.ts'
import requestTracing from './plugins/tracing.ts'

export interface AppDeps {
  config: Config
  database: Database
  /** The one source of time; by default the host's clock calibrated to the database's. */
  clock?: Clock
  /** Where logs go (standard output unless a test collects them). */
  logStream?: NodeJS.WritableStream
  /**
   * In demo mode, the demo main site registers as a program's OpenID Connect site (issue 44):
   * `npm run dev` and the browser test that drives it; off in the API tests, whose programs
   * keep the spec's hand-off.
   */
  demoOidcSite?: boolean
}

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

// Never logged: whatever a log line carries under these names is replaced.
const redact = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.j_password',
  '*.userPassword',
  '*.verificationCode',
  '*.handoffSecret',
]

const probePaths = new Set(['/healthz', '/readyz'])
const isProbe = (request: FastifyRequest) => probePaths.has(request.routeOptions.url ?? '')

/** On every log record: which service wrote it, which build, in which environment. */
export const logIdentity = (config: Pick<Config, 'build' | 'env'>) => ({
  service: 'program-portal',
  version: config.build.version,
  env: config.env,
})

/**
 * One log line per request, when it is answered, with the request in it (not Fastify's two).
 * The line holds only what the req and res serializers pick (method, url, host, addresses,
 * status), which no redaction path names, so it is written without the redaction pass that
 * cost more than the rest of the line; everything else logged keeps it.
 */
class OneLinePerRequest extends LogController {
  lines: FastifyBaseLogger | undefined
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
      return
    }
    // An orchestrator probes every few seconds: a line each would bury the members' requests.
    if (isProbe(request)) return
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }
    ;(this.lines ?? reply.log).info(line, 'request completed')
  }
}

export async function buildApp({
  config,
  database,
  clock: givenClock,
  logStream,
  demoOidcSite = false,
}: AppDeps): Promise<FastifyInstance> {
  const requestLines = new OneLinePerRequest()
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // pino's own base (pid, hostname) kept, the identity added.
            base: { pid: process.pid, hostname: hostname(), ...logIdentity(config) },
            redact,
            serializers: { err: serializedError },
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // A UUID per request, or the id a trusted proxy sent: in every log line (reqId), the
    // response, audit and outbox rows, and the reference of a technical-difficulties answer.
    genReqId: requestIdGenerator(trustsPeer(config.trustProxy)),
    logController: requestLines,
  })
  requestLines.lines = app.log.child({}, { redact: [] })
  setPasswordHashingBounds(config.passwordHashing)
  // Counters of the abuse limits: Redis when REDIS_URL is set, shared by every instance.
  const counters = windowStore({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    keySecret: deriveKey(config.sessionSecret, 'limit-keys'),
    log: app.log,
  })
  const { db } = database
  const calibrated = givenClock ? undefined : await databaseClock(() => database.readTime())
  const clock: Clock = givenClock ?? calibrated ?? systemClock
  app.addHook('onClose', async () => calibrated?.stop())
  app.decorate('clock', clock)
  // Email transport, pooled (delivery/transports.ts): the worker sends, the monitor checks it.
  const smtp = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined
  app.addHook('onClose', async () => smtp?.close?.())
  const health = healthMonitor({
    database,
    counters,
    smtp,
    hasRedis: Boolean(config.redisUrl),
  })
  app.decorate('health', health)
  // The first samples before the service reports ready; then every few seconds.
  app.addHook('onReady', async () => {
    await health.sample()
    health.start()
  })
  app.addHook('onClose', async () => health.stop())
  const metrics = createMetrics({ clock, monitor: health, database, build: config.build })
  app.decorate('metrics', metrics)
  // Before the request context: the request's span is then open for all its work.
  if (isTracing()) await app.register(requestTracing)
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    runWithRequestId(request.id, done, {
      clientIp: request.ip,
      route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      headers: request.headers,
    })
  })
  const users = usersRepo(db)
  const audit = auditRepo(db, clock, (entry) => metrics.observeAudit(entry))
  // Every 429 audited, at most once per client, limit and window (A1; plugins/rate-limits.ts).
  const rateLimited = refusalRecorder({ store: counters, clock, record: audit.record })
  const customers = customersRepo(db)
  const reference = referenceRepo(db)
  const writer = outboxWriter(
    deriveKeys(config.sessionSecrets, 'outbox'),
    clock,
    messageCaps({
      store: counters,
      clock,
      log: app.log,
      ...config.messageLimits,
      onRefused: rateLimited,
    }),
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

  await app.register(errors, {
    onDependencyError: (dependency) => metrics.observeDependencyError(dependency),
  })
  await app.register(metricsPlugin, { metrics, token: config.metricsToken })
  await app.register(apiSchemas)
  await app.register(security, { isBehindTls: config.isCookieSecure })
  await app.register(cookie)
  await app.register(formbody)
  // API answers above 1 KB go compressed to a browser that accepts it; the portal's files are
  // compressed once at build (plugins/web.ts), and what is already encoded is left alone.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(session, {
    db,
    clock,
    audit,
    secrets: config.sessionSecrets,
    idleMinutes: config.sessionIdleMinutes,
    absoluteMinutes: config.sessionAbsoluteMinutes,
    isCookieSecure: config.isCookieSecure,
  })

  await app.register(rateLimits, {
    ...config.rateLimits,
    store: counters,
    clock,
    login: config.loginLimits,
    messages: config.messageLimits,
    onRefused: rateLimited,
  })

  // Health checks: no session, nothing to compress.
  const probe = { compress: false, decompress: false, config: { needsNoSession: true } } as const
  app.get('/healthz', probe, async () => ({ status: 'ok' }))
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

  const accounts = accountsService(db, clock, {
    writer,
    mailingPhone: (program) => reference.phoneOf(program),
  })
  const registration = registrationService({ db, accounts })
  // The one loader of a session's member (modules/signin/flow-guard.ts).
  await app.register(signInGuard, { loadMember: (userId) => users.findMemberById(userId) })
  await app.register(customerRoutes, {
    customer: customerService({ reference, customers, audit }),
    registrationLookup: registrationLookup(app, { registration }),
  })
  await app.register(registrationRoutes, { registration })
  await app.register(recoveryRoutes, {
    recovery: recoveryService({
      db,
      customers,
      audit,
      writer,
      clock,
      reference,
      temporaryPasswordTtl: {
        emailHours: config.tempPasswordTtlHours,
        smsMinutes: config.tempPasswordSmsTtlMinutes,
      },
      beforeSend: (userId) => app.limits.messageFor(userId),
    }),
  })
  const mfa = mfaService({
    db,
    reference,
    audit,
    writer,
    clock,
    codeKey: deriveKey(config.sessionSecret, 'verification-code'),
    deviceKey: deriveKey(config.sessionSecret, 'device-print'),
    deviceTrustDays: config.mfaDeviceTrustDays,
    smsOriginHost: config.smsOriginHost,
    mfaExemptPrograms: config.mfaExemptPrograms,
    mailingPhone: (program) => reference.phoneOf(program),
    timeZone: config.supportTimeZone,
    // The first origin the portal is served from, when it is one address (not a pattern).
    portalOrigin: config.webauthn.origins.find((origin) => !origin.includes('*')),
  })
  const deviceCookie = deviceCookieOf(config.isCookieSecure, config.mfaDeviceTrustDays)
  await app.register(mfaRoutes, { mfa, deviceCookie })
  const passkeys = passkeysService({
    db,
    audit,
    writer,
    clock,
    relyingParty: config.webauthn,
    userHandleKeys: deriveKeys(config.sessionSecrets, 'passkey-user-handle'),
    mfa,
    mailingPhone: (program) => reference.phoneOf(program),
  })
  await app.register(passkeysRoutes, { passkeys, deviceCookie })
  await app.register(authenticationRoutes, {
    authentication: authenticationService({
      db,
      writer,
      reference,
      users,
      audit,
      clock,
      passwordMaxAgeDays: config.passwordMaxAgeDays,
      unknownUsernames: unknownUsernames({
        store: counters,
        clock,
        keepDays: config.loginLimits.shadowCounterDays,
      }),
    }),
  })
  const passwords = passwordService({ db, writer, reference, users, audit, clock })
  await app.register(passwordRoutes, { passwords })
  await app.register(accountRoutes, {
    account: accountService({ users, customers, sessions: sessionsRepo(db), audit, passwords }),
  })
  await app.register(policyRoutes, {
    policy: policyService({ policyTerms: policyTermsRepo(db), clock }),
  })
  await app.register(sessionTimeRoutes, { warnBeforeSeconds: config.sessionIdleWarningSeconds })
  const oidc = await registerOidc(app, { db, clock, config })
  await app.register(handoffRoutes, {
    oidc,
    handoff: handoffService({
      mainSiteUrl: config.mainSiteUrl,
      plPolicyAppUrl: config.plPolicyAppUrl,
      plHandoffKeys: { encryption: config.plHandoffKey, mac: config.plHandoffMacKey },
      clock,
    }),
  })
  const staff = staffService({
    db,
    audit,
    writer,
    clock,
    codeKey: deriveKey(config.sessionSecret, 'staff-code'),
  })
  await app.register(consoleRoutes, {
    prefix: '/api/console',
    support: supportService({ db, audit, writer, clock, reference }),
    staff,
    passkeys,
    isCookieSecure: config.isCookieSecure,
    timeZone: config.supportTimeZone,
    oidcSites: () => oidc.listSites(),
  })
  // The support desk's daily tasks (issue 31): search, disable/enable, audit export, password.
  await app.register(memberAdminRoutes, {
    prefix: '/api/console',
    memberAdmin: memberAdminService({ db, clock }),
    staff,
    countPasswordRefusal: (staffId) =>
      counters.increment(
        `console-password-refused:${staffId}`,
        config.rateLimits.windowMinutes * 60_000,
        clock.now().getTime(),
      ),
  })
  if (config.isDemo) {
    await app.register(demoRoutes, {
      plHandoffKeys: { encryption: config.plHandoffKey, mac: config.plHandoffMacKey },
      plNonces: windowStoreNonces(counters),
      clock,
    })
    await app.register(outboxViewerRoutes, { outbox: outboxViewerService({ db, writer }) })
    await app.register(apiReferenceRoutes)
    if (demoOidcSite) {
      await app.register(demoMainSiteOidcRoutes, {
        db,
        clock,
        oidc,
        issuer: issuerOf(config),
        sessionSecret: config.sessionSecret,
        secureCookies: config.isCookieSecure,
        record: audit.record,
      })
    }
  }
  await app.register(webRoutes, {
    distDir: config.webDistDir,
    links: config.links,
    deviceTrustDays: config.mfaDeviceTrustDays,
    phoneOf: (program) => reference.phoneOf(program),
  })
  return app
}
