// buildApp builds the whole service without listening: server.ts listens, tests inject.
// The platform first (log, clock, counters, health, metrics, the outbox, the sweep, the
// plugins every request passes), then the modules, each registering its service and routes.
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import * as demo from './demo/demo.module.ts'
import { demoOidcProgramsOf, type DemoOidcSite } from './demo/main-site-oidc.ts'
import { smtpTransport } from './delivery/transports.ts'
import { databaseClock, systemClock, type Clock } from './lib/clock.ts'
import { deriveKey } from './lib/crypto.ts'
import { setPasswordHashingBounds } from './lib/passwords.ts'
import { requestIdGenerator, runWithRequestId } from './lib/request-context.ts'
import { fastifyTrustProxy, trustsPeer } from './lib/trusted-proxy.ts'
import { windowStore } from './lib/window-store.ts'
import * as account from './modules/account/account.module.ts'
import * as authentication from './modules/authentication/authentication.module.ts'
import * as customer from './modules/customer/customer.module.ts'
import * as handoff from './modules/handoff/handoff.module.ts'
import { deviceCookieOf } from './modules/mfa/device-trust.ts'
import * as mfa from './modules/mfa/mfa.module.ts'
import * as openIdConnect from './modules/oidc/oidc.module.ts'
import * as passkeys from './modules/passkeys/passkeys.module.ts'
import * as password from './modules/password/password.module.ts'
import * as policy from './modules/policy/policy.module.ts'
import * as recovery from './modules/recovery/recovery.module.ts'
import * as registration from './modules/registration/registration.module.ts'
import type { Shared } from './modules/shared.ts'
import { signInGuard } from './modules/signin/flow-guard.ts'
import * as support from './modules/support/support.module.ts'
import apiSchemas from './plugins/api-schemas.ts'
import { startOutbox, startRetentionSweep } from './plugins/background.ts'
import errors from './plugins/errors.ts'
import { healthMonitor } from './plugins/health.ts'
import { loggerOf, OneLinePerRequest } from './plugins/logging.ts'
import metricsPlugin, { createMetrics } from './plugins/metrics.ts'
import { registerProbes } from './plugins/probes.ts'
import rateLimits, { refusalRecorder } from './plugins/rate-limits.ts'
import { keepRouteOptions, routeOptionsOf } from './plugins/route-options.ts'
import { securityHeadersSetter } from './plugins/security.ts'
import session from './plugins/session.ts'
import { webRoutes } from './plugins/web.ts'
import type { AuditEntry } from './store/audit.repo.ts'
import type { Database } from './store/db.ts'
import { storeOf } from './store/index.ts'
import { isTracing } from './tracing.ts'
import requestTracing from './plugins/tracing.ts'
import './app-decorations.ts'

export { logIdentity } from './plugins/logging.ts'
export { managementProbes, type ReadinessReport } from './plugins/probes.ts'

export interface AppDeps {
  config: Config
  database: Database
  /** The one source of time; by default the host's clock calibrated to the database's. */
  clock?: Clock
  /** Where logs go (standard output unless a test collects them). */
  logStream?: NodeJS.WritableStream
  /**
   * In demo mode, the demo main site registers as a program's OpenID Connect site (issue 44):
   * `npm run dev` and the tests that drive it; off in the other API tests, whose programs
   * keep the spec's hand-off.
   */
  demoOidcSite?: DemoOidcSite
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
    logger: loggerOf(config, logStream),
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
  const health = healthMonitor({ database, counters, smtp, hasRedis: Boolean(config.redisUrl) })
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
  // The hook every request passes first: its id, its security headers, its cookies, then the
  // rest of the request inside its context (one hook, not three: each costs every request).
  const setSecurityHeaders = securityHeadersSetter({ isBehindTls: config.isCookieSecure })
  keepRouteOptions(app)
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    setSecurityHeaders(request, reply)
    // As @fastify/cookie's own hook parses them (registered below with `hook: false`): a new
    // object per request, empty without a Cookie header.
    const cookieHeader = request.headers.cookie
    request.cookies = cookieHeader ? app.parseCookie(cookieHeader) : {}
    runWithRequestId(request.id, done, {
      clientIp: request.ip,
      method: request.method,
      routeUrl: routeOptionsOf(request).url,
      headers: request.headers,
      response: reply.raw,
    })
  })
  // Told every audit event recorded: the metrics, and modules that act on one (oidc's sign-out).
  const auditObservers: ((entry: AuditEntry) => void)[] = [(entry) => metrics.observeAudit(entry)]
  const observeAudit = (entry: AuditEntry) => auditObservers.forEach((observe) => observe(entry))
  const store = storeOf(db, { clock, observeAudit })
  // Every 429 audited, at most once per client, limit and window (A1; plugins/rate-limits.ts).
  const onRefused = refusalRecorder({ store: counters, clock, record: store.audit.record })
  const writer = startOutbox(app, { config, db, clock, counters, smtp, metrics, onRefused })
  startRetentionSweep(app, { config, db, clock })

  await app.register(errors, {
    onDependencyError: (dependency) => metrics.observeDependencyError(dependency),
  })
  await app.register(metricsPlugin, { metrics, token: config.metricsToken })
  await app.register(apiSchemas)
  // Cookies are parsed by the first hook above; the plugin sets them on answers.
  await app.register(cookie, { hook: false })
  await app.register(formbody)
  // API answers above 1 KB go compressed to a browser that accepts it; the portal's files are
  // compressed once at build (plugins/web.ts), and what is already encoded is left alone.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(session, {
    store,
    clock,
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
    onRefused,
  })
  registerProbes(app, { health, database })

  const shared: Shared = {
    config,
    store,
    clock,
    writer,
    counters,
    mailingPhone: (program) => store.reference.phoneOf(program),
    deviceCookie: deviceCookieOf(config.isCookieSecure, config.mfaDeviceTrustDays),
  }
  // The modules, in the order their routes are registered (the OpenAPI document's order).
  const registrationService = registration.serviceOf(shared)
  // The one loader of a session's member (modules/signin/flow-guard.ts).
  await app.register(signInGuard, { loadMember: (id) => store.users.findMemberById(id) })
  await customer.register(app, shared, { registration: registrationService })
  await registration.register(app, shared, { registration: registrationService })
  await recovery.register(app, shared)
  const { mfa: mfaService } = await mfa.register(app, shared)
  const { passkeys: passkeysService } = await passkeys.register(app, shared, { mfa: mfaService })
  await authentication.register(app, shared)
  const { passwords } = await password.register(app, shared)
  await account.register(app, shared, { passwords })
  await policy.register(app, shared)
  const { oidc } = await openIdConnect.register(app, shared, {
    alsoOpenIdConnect: config.isDemo ? demoOidcProgramsOf(demoOidcSite) : [],
    observeAudit: (observe) => auditObservers.push(observe),
  })
  await handoff.register(app, shared, { oidc })
  await support.register(app, shared, { passkeys: passkeysService, oidc })
  if (config.isDemo) await demo.register(app, shared, { oidc, demoOidcSite })
  await app.register(webRoutes, {
    distDir: config.webDistDir,
    links: config.links,
    deviceTrustDays: config.mfaDeviceTrustDays,
    phoneOf: (program) => store.reference.phoneOf(program),
  })
  return app
}
