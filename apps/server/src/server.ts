// The service's entry point: `node --require ./apps/server/dist/thread-pool.cjs
// apps/server/dist/server.js` (npm run serve, and the image's CMD), or through tsx in
// development. The preload sizes libuv's thread pool, where passwords are hashed, to the cores
// before the pool starts (src/thread-pool.cjs). `--demo` asks for demo mode (the quick start);
// nothing else turns it on.
import { commonPasswords } from './modules/password/password-blocklist.ts'
import type { Server } from 'node:http'
import { flavours } from '@portal/contract'
import { buildApp, logIdentity, managementProbes } from './app.ts'
import { ConfigError, loadConfig, startWarnings, unknownSettingWarnings } from './config.ts'
import { databaseClock } from './lib/clock.ts'
import { warnUnreachable } from './plugins/health.ts'
import { startManagementServer } from './plugins/metrics.ts'
import { DatabaseInUseError, openDatabase } from './store/db.ts'
import { seedDemoData } from './store/seed.ts'
import { startupFailure } from './startup-errors.ts'
import { startTracing, stopTracing } from './tracing.ts'
import { withoutQueryValues } from './lib/logged-errors.ts'

/** Set once the service is up: until then a stop signal ends the process at once. */
let stopService: ((signal: string) => Promise<void>) | undefined
let isStopping = false
// Installed before anything can wait (the database, the port): as a container's PID 1, a
// signal with no handler is ignored, and a stop during start-up would wait out the grace period.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (isStopping) return
    isStopping = true
    if (stopService) return void stopService(signal)
    console.error(
      JSON.stringify({ level: 40, time: Date.now(), signal, msg: 'stopped while starting' }),
    )
    // 128 + the signal's number, as a shell reports a process the signal ended.
    process.exit(signal === 'SIGTERM' ? 143 : 130)
  })
}

async function main() {
  const asksForDemo = process.argv.includes('--demo')
  const config = loadConfig(asksForDemo ? { DEMO_MODE: 'true', ...process.env } : process.env)
  await startTracing({
    endpoint: config.traces.endpoint,
    service: {
      name: config.traces.serviceName,
      version: config.build.version,
      environment: config.env,
    },
  })
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.dbPoolSize,
          migrate: config.migrateOnStart,
          timeouts: config.dbTimeouts,
          onIdleError: (error) =>
            console.error(
              JSON.stringify({
                level: 50,
                time: Date.now(),
                ...logIdentity(config),
                msg: `database connection lost: ${error.message}`,
              }),
            ),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    throw startupFailure(error, 'DATABASE_URL')
  })
  // With MIGRATE_ON_START=false this is the first statement: a database that is missing or
  // refuses is said here, in one line naming the setting.
  const clock = await databaseClock(() => database.readTime()).catch((error: unknown) => {
    throw startupFailure(error, 'DATABASE_URL')
  })
  if (config.seedDemoData) await seedDemoData(database.db, clock.now())
  const app = await buildApp({ config, database, clock, demoOidcSite: config.isDemo })
  for (const warning of unknownSettingWarnings(process.env)) app.log.warn(warning)
  for (const warning of startWarnings(config)) app.log.warn(warning)
  if (!config.migrateOnStart && (await database.pendingMigrations()) > 0) {
    app.log.warn(
      'MIGRATE_ON_START=false and migrations are pending: not ready until db:migrate runs',
    )
  }

  let managementServer: Server | undefined
  stopService = async (signal: string) => {
    app.log.info({ signal, graceSeconds: config.shutdownGraceMs / 1000 }, 'shutting down')
    // A deadline that ends the process even while a dependency hangs (a paused database, an
    // SMTP server that stopped answering): keep it below the orchestrator's grace period.
    setTimeout(() => {
      app.log.error({ signal }, 'shutdown deadline passed: exiting with work unfinished')
      process.exit(1)
    }, config.shutdownGraceMs).unref()
    // Readiness first: from now on /readyz answers 503 (on both ports), so a balancer that
    // still probes stops sending; then the listener closes, requests in flight finish, the
    // outbox worker hands back the messages it claimed (its lease), and the pool closes.
    app.health.drain()
    await app.close()
    managementServer?.close()
    clock.stop()
    await database.close()
    await stopTracing()
    app.log.info({ signal }, 'stopped')
    process.exit(0)
  }

  const address = await app
    .listen({ port: config.port, host: config.host })
    .catch((error: unknown) => {
      throw startupFailure(error, 'PORT')
    })
  // The common-password list (issue 28) is read once; here rather than on the first new
  // password, so that no member waits for it.
  setImmediate(() => commonPasswords())
  if (config.metricsPort !== undefined) {
    managementServer = await startManagementServer(
      app.metrics,
      config.metricsPort,
      config.host,
      managementProbes(app),
    ).catch((error: unknown) => {
      throw startupFailure(error, 'METRICS_PORT')
    })
    const management = managementServer.address()
    if (management && typeof management === 'object') {
      app.log.info(
        `management on http://${config.host}:${management.port} (/metrics, /healthz, /readyz)`,
      )
    }
  }
  warnUnreachable(app.health, app.log)
  app.log.info(
    {
      passwordHashConcurrency: config.passwordHashing.concurrency,
      threadPoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    },
    'password hashing',
  )
  app.log.info(
    `Program Portal on ${address}/${flavours.usweb.area}/login (database: ${database.engine}${config.isDemo ? ', demo mode' : ''})`,
  )
}

main().catch((error: unknown) => {
  const isExplained = error instanceof ConfigError || error instanceof DatabaseInUseError
  console.error(isExplained ? error.message : withoutQueryValues(error))
  process.exit(1)
})
