// The service's entry point: `node --require ./apps/server/dist/thread-pool.cjs
// apps/server/dist/server.js` (npm run serve), or through tsx in development. The preload
// sizes libuv's thread pool, where passwords are hashed, to the cores before the pool starts
// (src/thread-pool.cjs). `--demo` asks for demo mode (the quick start); nothing else turns it on.
import { flavours } from '@portal/contract'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { databaseClock } from './lib/clock.ts'
import { startMetricsServer } from './plugins/metrics.ts'
import { DatabaseInUseError, openDatabase } from './store/db.ts'
import { seedDemoData } from './store/seed.ts'

async function main() {
  const asksForDemo = process.argv.includes('--demo')
  const config = loadConfig(asksForDemo ? { DEMO_MODE: 'true', ...process.env } : process.env)
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.dbPoolSize,
          migrate: config.migrateOnStart,
          onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  const clock = await databaseClock(() => database.readTime())
  if (config.seedDemoData) await seedDemoData(database.db, clock.now())
  const app = await buildApp({ config, database, clock })
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.metrics, config.metricsPort, config.host)

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    metricsServer?.close()
    await app.close()
    clock.stop()
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  const address = await app.listen({ port: config.port, host: config.host })
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
  console.error(isExplained ? error.message : error)
  process.exit(1)
})
