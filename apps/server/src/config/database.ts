// The database settings alone (portal-admin migrate): DATABASE_URL without the rest of
// production's secrets.
import { parseEnvironment } from './environment.ts'
import { configError } from './errors.ts'

export interface DatabaseConfig {
  env: 'development' | 'production' | 'test'
  databaseUrl: string | undefined
  dbPoolSize: number
  /** Bounded waits on PostgreSQL (pool connect, statement). */
  dbTimeouts: { connectMs: number; statementMs: number }
  dataDir: string
}

const databaseSettings = [
  'NODE_ENV',
  'DATABASE_URL',
  'DB_POOL_SIZE',
  'DB_CONNECT_TIMEOUT_SECONDS',
  'DB_STATEMENT_TIMEOUT_SECONDS',
  'DATA_DIR',
] as const

/**
 * The database settings alone: what `portal-admin migrate` (npm run db:migrate) needs, so a
 * release step can migrate with DATABASE_URL and nothing else of production's secrets.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const only = Object.fromEntries(databaseSettings.map((name) => [name, env[name]]))
  const { e, problems } = parseEnvironment(only)
  const inDatabase = problems.filter((p) => databaseSettings.some((n) => p.startsWith(`${n}:`)))
  if (
    e.NODE_ENV === 'production' &&
    !e.DATABASE_URL &&
    !inDatabase.some((p) => p.startsWith('DATABASE_URL:'))
  ) {
    inDatabase.push('DATABASE_URL: required in production (PostgreSQL)')
  }
  if (inDatabase.length > 0) throw configError(inDatabase)
  return databaseConfigOf(e)
}

/** The database settings out of the parsed environment: loadConfig's and migrate's alike. */
export function databaseConfigOf(e: ReturnType<typeof parseEnvironment>['e']): DatabaseConfig {
  return {
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    dataDir: e.DATA_DIR,
  }
}
