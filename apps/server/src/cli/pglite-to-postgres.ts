// `portal-admin copy-from-pglite <data-dir>` (issue 41): a pilot that ran on the embedded
// PGlite moves to PostgreSQL. Every table of the PGlite folder is copied into the PostgreSQL
// database DATABASE_URL names, which `portal-admin migrate` has prepared with the same
// release. Refused when the two are at different schema versions (the same migrations, by
// hash, must be applied to both) or when the target already holds data; all in one
// transaction, so a failure leaves the target as it was. The sequences (ids) are carried over
// at their positions, so new rows continue after the copied ones.
//
// Rows travel as JSON (`row_to_json` out, `json_populate_recordset` in): each value goes
// through PostgreSQL's own text form, exact for every type the schema uses (timestamps, jsonb,
// bytea, numbers), with no conversion in JavaScript.
import { PGlite } from '@electric-sql/pglite'
import { getTableName } from 'drizzle-orm'
import pg from 'pg'
import { lockDataDir } from '../store/db.ts'
import { countries, mailingAddresses } from '../store/schema.ts'

/** Filled by every migrate (store/reference-data.ts): replaced by the pilot's, not "data". */
const referenceTables = new Set<string>([getTableName(countries), getTableName(mailingAddresses)])
/** Rows per INSERT: one JSON text parameter each. */
const batchRows = 500

export class CopyRefusedError extends Error {}

export interface CopyReport {
  tables: { name: string; rows: number }[]
  sequences: number
  migrations: number
}

interface Queryable {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The migrations drizzle recorded, as `created_at:hash`, oldest first; [] when none ran. */
async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows: present } = await db.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )
  if (!present[0]?.present) return []
  const { rows } = await db.query<{ m: string }>(
    `select created_at::text || ':' || hash as m from drizzle.__drizzle_migrations order by created_at, id`,
  )
  return rows.map((row) => row.m)
}

async function tablesOf(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((row) => row.name)
}

/** The tables in an order where each comes after those its foreign keys point at. */
async function inDependencyOrder(target: Queryable, tables: string[]): Promise<string[]> {
  const { rows } = await target.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace and c.oid <> p.oid`,
  )
  const ordered: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table)) return
    if (path.has(table)) throw new Error(`foreign keys form a cycle through ${table}`)
    path.add(table)
    for (const edge of rows) if (edge.child === table) visit(edge.parent, path)
    path.delete(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

/** Columns that may be written (not generated), in the table's order. */
async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  )
  return rows.map((row) => row.name)
}

/**
 * Copies the PGlite database in `dataDir` into the migrated, empty PostgreSQL database at
 * `url`. Throws CopyRefusedError (nothing written) when they differ in schema or the target
 * holds data.
 */
export async function copyPgliteToPostgres(options: {
  dataDir: string
  url: string
  connectMs?: number
}): Promise<CopyReport> {
  const unlock = await lockDataDir(options.dataDir)
  let source: PGlite | undefined
  const target = new pg.Client({
    connectionString: options.url,
    connectionTimeoutMillis: options.connectMs ?? 10_000,
  })
  try {
    source = await PGlite.create(options.dataDir)
    await target.connect()
    const [fromVersion, toVersion] = await Promise.all([
      appliedMigrations(source),
      appliedMigrations(target),
    ])
    if (fromVersion.length === 0) {
      throw new CopyRefusedError(`${options.dataDir} holds no portal database (no migrations).`)
    }
    if (fromVersion.join() !== toVersion.join()) {
      throw new CopyRefusedError(
        `The schema versions differ: the PGlite data has ${fromVersion.length} migration(s), ` +
          `the PostgreSQL database ${toVersion.length}${toVersion.length === fromVersion.length ? ' (others)' : ''}. ` +
          'Run the same release on both first: `portal-admin migrate` with DATA_DIR, then with DATABASE_URL.',
      )
    }
    const tables = await tablesOf(source)
    const targetTables = await tablesOf(target)
    if (tables.join() !== targetTables.join()) {
      throw new CopyRefusedError('The two databases have different tables at the same version.')
    }
    const report: CopyReport = { tables: [], sequences: 0, migrations: fromVersion.length }
    await target.query('begin')
    try {
      for (const table of tables) {
        if (referenceTables.has(table)) continue
        const { rows } = await target.query<{ present: boolean }>(
          `select exists (select from ${quoted(table)}) as present`,
        )
        if (rows[0]?.present) {
          throw new CopyRefusedError(
            `The PostgreSQL database is not empty (${table} has rows): copy only into a freshly migrated database.`,
          )
        }
      }
      for (const table of await inDependencyOrder(target, tables)) {
        const columns = (await writableColumns(target, table)).map(quoted).join(', ')
        if (referenceTables.has(table)) await target.query(`delete from ${quoted(table)}`)
        const { rows } = await source.query<{ r: string }>(
          `select row_to_json(t)::text as r from ${quoted(table)} t`,
        )
        for (let at = 0; at < rows.length; at += batchRows) {
          const batch = `[${rows
            .slice(at, at + batchRows)
            .map((row) => row.r)
            .join(',')}]`
          await target.query(
            `insert into ${quoted(table)} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${quoted(table)}, $1::json)`,
            [batch],
          )
        }
        report.tables.push({ name: table, rows: rows.length })
      }
      const { rows: sequences } = await source.query<{ name: string }>(
        `select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
      )
      for (const { name } of sequences) {
        const { rows } = await source.query<{ last: string; called: boolean }>(
          `select last_value::text as last, is_called as called from ${quoted(name)}`,
        )
        const state = rows[0]
        if (!state) continue
        await target.query('select setval($1::regclass, $2::bigint, $3)', [
          quoted(name),
          state.last,
          state.called,
        ])
        report.sequences++
      }
      await target.query('commit')
      return report
    } catch (error) {
      await target.query('rollback')
      throw error
    }
  } finally {
    await target.end().catch(() => undefined)
    await source?.close()
    await unlock()
  }
}
