// buildApp builds the whole service without listening: server.ts listens, tests inject.
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { apiReferenceRoutes } from './demo/api-reference.routes.ts'
import { demoRoutes } from './demo/demo.routes.ts'
import { outboxViewerRoutes } from './demo/outbox-viewer.routes.ts'
import {
  outboxWorker,
  outboxWriter,
  type OutboxWorker,
  type OutboxWriter,
} from './delivery/outbox.ts'
import { httpSmsTransport, smtpTransport } from './delivery/transports.ts'
import { deriveKey } from './lib/crypto.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { accountRoutes } from './modules/account/account.routes.ts'
import { policyRoutes } from './modules/policy/policy.routes.ts'
import { policyTermsRepo } from './store/policy-terms.repo.ts'
import { authenticationRoutes } from './modules/authentication/authentication.routes.ts'
import { authenticationService } from './modules/authentication/authentication.service.ts'
import { customerRoutes } from './modules/customer/customer.routes.ts'
import { handoffRoutes } from './modules/handoff/handoff.routes.ts'
import { handoffService } from './modules/handoff/handoff.service.ts'
import { mfaRoutes } from './modules/mfa/mfa.routes.ts'
import { mfaService } from './modules/mfa/mfa.service.ts'
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
import rateLimits from './plugins/rate-limits.ts'
import { passwordService } from './modules/password/password.service.ts'
import errors from './plugins/errors.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import { webRoutes } from './plugins/web.ts'
import { auditRepo } from './store/audit.repo.ts'
import { customersRepo } from './store/customers.repo.ts'
import type { Database } from './store/db.ts'
import { usersRepo } from './store/users.repo.ts'

export interface AppDeps {
  config: Config
  database: Database
  clock?: Clock
  /** Where logs go (standard output unless a test collects them). */
  logStream?: NodeJS.WritableStream
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: { writer: OutboxWriter; worker: OutboxWorker }
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

export async function buildApp({
  config,
  database,
  clock = systemClock,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
  })
  const { db } = database
  const users = usersRepo(db)
  const audit = auditRepo(db)
  const customers = customersRepo(db)
  const reference = referenceRepo(db)
  const writer = outboxWriter(deriveKey(config.sessionSecret, 'outbox'))
  const worker = outboxWorker({
    db,
    clock,
    writer,
    transports: {
      ...(config.smtpUrl ? { email: smtpTransport(config.smtpUrl, config.mailFrom) } : {}),
      ...(config.smsProviderUrl
        ? { sms: httpSmsTransport(config.smsProviderUrl, config.smsFrom) }
        : {}),
    },
    log: app.log,
    pollMs: config.outboxPollMs,
    maxAttempts: config.outboxMaxAttempts,
    keepBodies: config.isDemo,
  })
  app.decorate('outbox', { writer, worker })
  if (config.outboxPollMs > 0) app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => worker.stop())

  await app.register(errors)
  await app.register(apiSchemas)
  await app.register(security, { isBehindTls: config.isCookieSecure })
  await app.register(cookie)
  await app.register(formbody)
  await app.register(session, {
    db,
    clock,
    secret: config.sessionSecret,
    idleMinutes: config.sessionIdleMinutes,
    absoluteMinutes: config.sessionAbsoluteMinutes,
    isCookieSecure: config.isCookieSecure,
  })

  await app.register(rateLimits, { ...config.rateLimits, redisUrl: config.redisUrl })

  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping()
      return { status: 'ready', database: database.engine }
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.engine })
    }
  })

  const registration = registrationService({ db, accounts: accountsService(db) })
  await app.register(customerRoutes, {
    reference,
    users,
    customers,
    audit,
    registrationLookup: registrationLookup(app, { registration }),
  })
  await app.register(registrationRoutes, { registration })
  await app.register(recoveryRoutes, {
    recovery: recoveryService({ db, customers, audit, writer, clock, reference }),
  })
  await app.register(mfaRoutes, {
    reference,
    users,
    mfa: mfaService({
      db,
      audit,
      writer,
      clock,
      codeKey: deriveKey(config.sessionSecret, 'verification-code'),
      deviceKey: deriveKey(config.sessionSecret, 'device-print'),
      deviceTrustDays: config.mfaDeviceTrustDays,
      mfaExemptPrograms: config.mfaExemptPrograms,
      mailingPhone: (program) => reference.phoneOf(program),
    }),
  })
  await app.register(authenticationRoutes, {
    authentication: authenticationService({
      db,
      writer,
      reference,
      users,
      customers,
      audit,
      clock,
      passwordMaxAgeDays: config.passwordMaxAgeDays,
    }),
    users,
    customers,
    audit,
  })
  const passwords = passwordService({ db, writer, reference, users, audit, clock })
  await app.register(passwordRoutes, { passwords, users })
  await app.register(accountRoutes, { db, users, customers, audit, passwords })
  await app.register(policyRoutes, { users, policyTerms: policyTermsRepo(db), clock })
  await app.register(handoffRoutes, {
    handoff: handoffService({
      db,
      mainSiteUrl: config.mainSiteUrl,
      plPolicyAppUrl: config.plPolicyAppUrl,
      plHandoffKey: config.plHandoffKey,
    }),
    users,
    audit,
  })
  if (config.isDemo) {
    await app.register(demoRoutes, { plHandoffKey: config.plHandoffKey })
    await app.register(outboxViewerRoutes, { db, writer })
    await app.register(apiReferenceRoutes)
  }
  await app.register(webRoutes, { distDir: config.webDistDir })
  return app
}
