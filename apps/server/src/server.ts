import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { databaseClock } from './lib/clock.ts'
import { openDatabase } from './store/db.ts'
import { seedDemoData } from './store/seed.ts'

async function main() {
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  const clock = await databaseClock(() => database.readTime())
  if (config.seedDemoData) await seedDemoData(database.db, clock.now())
  const app = await buildApp({ config, database, clock })

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down')
    await app.close()
    clock.stop()
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  const address = await app.listen({ port: config.port, host: config.host })
  app.log.info(
    `Program Portal on ${address}/usweb/login (database: ${database.engine}${config.isDemo ? ', demo mode' : ''})`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
