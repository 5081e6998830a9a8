// One database API over two engines: the embedded PGlite (default, nothing to install) and
// PostgreSQL (DATABASE_URL). Both get the same versioned migrations at start-up.
import { fileURLToPath } from 'node:url'
import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  ping(): Promise<void>
  /** The database server's clock: what the service's clock is calibrated to. */
  readTime(): Promise<Date>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export type DatabaseSource =
  | { kind: 'postgres'; url: string; onIdleError?: (error: Error) => void }
  | { kind: 'pglite'; dataDir: string }
  /** A prepared image (PGlite's dumpDataDir), loaded into memory: how tests start fast. */
  | { kind: 'pglite-image'; image: Blob }

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: 10 })
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on next use.
    pool.on('error', (error) => source.onIdleError?.(error))
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db
    await migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder })
    return {
      db,
      engine: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      readTime: async () => {
        const { rows } = await pool.query<{ now: Date }>('select now() as now')
        return new Date(rows[0]?.now ?? Number.NaN)
      },
      close: () => pool.end(),
    }
  }
  let client: PGlite
  if (source.kind === 'pglite') {
    await mkdir(source.dataDir, { recursive: true })
    client = await PGlite.create(source.dataDir)
  } else {
    client = await PGlite.create({ loadDataDir: source.image })
  }
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' })
  await migratePglite(pgliteDb, { migrationsFolder })
  const db = pgliteDb as unknown as Db
  return {
    db,
    engine: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    readTime: async () => {
      const { rows } = await client.query<{ now: Date | string }>('select now() as now')
      return new Date(rows[0]?.now ?? Number.NaN)
    },
    close: () => client.close(),
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
