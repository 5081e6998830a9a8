// One database API over two engines: the embedded PGlite (default, nothing to install) and
// PostgreSQL (DATABASE_URL). Both get the same versioned migrations at start-up.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { migrationsFolder } from '../paths.ts'
import { clientWithBackoff, connectBackoff } from './connect-backoff.ts'
import { loadReferenceData } from './reference-data.ts'
import type { Db } from './db-type.ts'
import * as schema from './schema.ts'

export type { Db }

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  /** Answers once the database does, or rejects after `timeoutMs` (readiness). */
  ping(timeoutMs?: number): Promise<void>
  /** Migrations in the folder that the database has not applied (0 on PGlite: it migrates). */
  pendingMigrations(): Promise<number>
  /** The connection pool now (PostgreSQL; PGlite has one connection and no pool). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined
  /** The database server's clock: what the service's clock is calibrated to. */
  readTime(): Promise<Date>
  close(): Promise<void>
  /**
   * Statements this process has sent through Drizzle so far. Tests count the ones a request
   * issues (test/signin/sign-in-queries.test.ts), so query counts cannot grow back unnoticed.
   */
  queryCount(): number
}

export type DatabaseSource =
  | {
      kind: 'postgres'
      url: string
      onIdleError?: (error: Error) => void
      /** Connections this process may hold (DB_POOL_SIZE). */
      poolSize?: number
      /** Apply pending migrations while opening (default); false when `db:migrate` runs apart. */
      migrate?: boolean
      /** Bounded waits: for a new connection, and for any one statement (DB_*_TIMEOUT_SECONDS). */
      timeouts?: { connectMs: number; statementMs: number }
    }
  | { kind: 'pglite'; dataDir: string }
  /** A prepared image (PGlite's dumpDataDir), loaded into memory: how tests start fast. */
  | { kind: 'pglite-image'; image: Blob }

/** Any number that every instance agrees on: the key of the migration advisory lock. */
const migrationLockKey = 727_001_012

/**
 * Applies pending migrations under a PostgreSQL advisory lock: instances that boot together
 * wait for one another instead of racing on DDL (drizzle's migrate takes no lock), and the
 * ones that come second find nothing left to do.
 */
async function migrateUnderLock(url: string, connectMs: number): Promise<number> {
  // A connection of its own, without the pool's statement timeout: waiting for another
  // instance's migration, or a long DDL, is expected here.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs })
  await client.connect()
  try {
    const before = await pendingOn(client)
    await client.query('select pg_advisory_lock($1)', [migrationLockKey])
    try {
      const db = drizzlePg(client, { schema, casing: 'snake_case' })
      await migratePg(db, { migrationsFolder })
      await loadReferenceData(db as unknown as Db)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey])
    }
    return before
  } finally {
    await client.end()
  }
}

/** Applies pending migrations (npm run db:migrate) and answers how many there were. */
export async function migratePostgres(url: string, connectMs = 10_000): Promise<number> {
  return migrateUnderLock(url, connectMs)
}

/** The folder's migrations, as drizzle's journal lists them (`when` is what drizzle records). */
function journal(): { when: number }[] {
  const file = join(migrationsFolder, 'meta', '_journal.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number }[] }).entries
}

/** Migrations of the folder newer than the last one drizzle recorded in the database. */
async function pendingOn(client: pg.Pool | pg.Client): Promise<number> {
  const entries = journal()
  const exists = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )
  if (!exists.rows[0]?.present) return entries.length
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  )
  const last = Number(rows[0]?.last ?? 0)
  return entries.filter((entry) => entry.when > last).length
}

/** Rejects with a timeout error when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A wait that ran out (the error handler answers 503, not 500). */
export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT'
}

/**
 * The sign-in path's statements, built once per database handle (issue 17): Drizzle
 * assembles their SQL once instead of at every call, and on PostgreSQL each connection
 * parses a named statement once (node-postgres keeps it per connection) instead of at every
 * call. PGlite takes no name; it keeps the assembly only. `name` must stand for one text:
 * PostgreSQL refuses a second text under a name a connection already holds.
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>()
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let statements = preparedByDb.get(db)
  if (!statements) preparedByDb.set(db, (statements = new Map()))
  if (!statements.has(name)) statements.set(name, build(name))
  return statements.get(name) as T
}

/** A second process on one PGlite folder would silently lose its writes: refuse it. */
export class DatabaseInUseError extends Error {}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes `<dataDir>.lock` (our pid inside); returns its release. A dead holder's lock is taken over. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir.replace(/[/\\]+$/, '')}.lock`
  await mkdir(dirname(lockFile), { recursive: true })
  for (let tries = 0; tries < 2; tries++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' })
      return () => rm(lockFile, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim())
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder} (is the service running?). ` +
          'Only one process may open it at a time: stop that process first, or use PostgreSQL ' +
          '(DATABASE_URL) to run the service and portal-admin side by side.',
      )
    }
    await rm(lockFile, { force: true })
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}.`)
}

/** Drizzle's logger, used only to count: a counter per database, nothing written anywhere. */
function queryCounter() {
  let count = 0
  return { logger: { logQuery: () => void count++ }, queryCount: () => count }
}

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  const { logger, queryCount } = queryCounter()
  if (source.kind === 'postgres') {
    const timeouts = source.timeouts ?? { connectMs: 5_000, statementMs: 10_000 }
    const pool = new pg.Pool({
      // After a failed connect, none for a while, then one at a time (connect-backoff.ts).
      Client: clientWithBackoff(connectBackoff()),
      connectionString: source.url,
      max: source.poolSize ?? 10,
      // Every wait on PostgreSQL is bounded: a new connection, a statement on the server, and
      // the client's own wait for an answer (a paused or unreachable server sends none).
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1_000,
      keepAlive: true,
    })
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on next use.
    pool.on('error', (error) => source.onIdleError?.(error))
    // A connection the server drops while it is checked out (between the statements of a
    // transaction, or as its answer arrives) emits 'error' on its client, where the pool
    // listens only while it is idle: unheard, that would end the process. The statement
    // under way fails on its own (503); the pool drops the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => source.onIdleError?.(error))
    })
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db
    try {
      if (source.migrate ?? true) await migrateUnderLock(source.url, timeouts.connectMs)
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db,
      engine: 'postgres',
      ping: async (timeoutMs = timeouts.statementMs) =>
        void (await within(pool.query('select 1'), timeoutMs, 'database')),
      pendingMigrations: () => pendingOn(pool),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      readTime: async () => {
        const { rows } = await pool.query<{ now: Date }>('select now() as now')
        return new Date(rows[0]?.now ?? Number.NaN)
      },
      close: () => pool.end(),
      queryCount,
    }
  }
  let client: PGlite
  let unlock = async (): Promise<void> => undefined
  if (source.kind === 'pglite') {
    unlock = await lockDataDir(source.dataDir)
    try {
      await mkdir(source.dataDir, { recursive: true })
      client = await PGlite.create(source.dataDir)
    } catch (error) {
      await unlock()
      throw error
    }
  } else {
    client = await PGlite.create({ loadDataDir: source.image })
  }
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case', logger })
  await migratePglite(pgliteDb, { migrationsFolder })
  const db = pgliteDb as unknown as Db
  await loadReferenceData(db)
  return {
    db,
    engine: 'pglite',
    ping: async (timeoutMs = 10_000) =>
      void (await within(db.execute(sql`select 1`), timeoutMs, 'database')),
    pendingMigrations: async () => 0,
    poolStats: () => undefined,
    readTime: async () => {
      const { rows } = await client.query<{ now: Date | string }>('select now() as now')
      return new Date(rows[0]?.now ?? Number.NaN)
    },
    close: async () => {
      await client.close()
      await unlock()
    },
    queryCount,
  }
}

/** Writes a PGlite database image (migrated and seeded by `prepare`) for fast test start-up. */
export async function preparePgliteImage(prepare: (db: Db) => Promise<void>): Promise<Blob> {
  const client = await PGlite.create()
  const db = drizzlePglite(client, { schema, casing: 'snake_case' })
  await migratePglite(db, { migrationsFolder })
  await prepare(db as unknown as Db)
  const image = await client.dumpDataDir('gzip')
  await client.close()
  return image
}
