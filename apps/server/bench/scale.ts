import { availableParallelism, loadavg } from 'node:os'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { programOf } from '@portal/contract'
import { loadConfig } from '../src/config.ts'
import { deriveKey, hmac } from '../src/lib/crypto.ts'
import { hashPassword } from '../src/lib/passwords.ts'
import { openDatabase } from '../src/store/db.ts'
import { adminQuery, withDatabase } from '../src/testing/databases.ts'
import { benchDeviceMark, fmt, percentile, serve } from './lib.ts'
import { login } from './sign-in.ts'

// --- 5. Sign-in at 1 M (or 10 M) accounts against 10 k -----------------------------------
//
// DESIGN.md "Scale": users and customer records are looked up by indexed keys, so a sign-in
// costs the same whatever the number of accounts. Two databases of the bench's own, migrated
// and loaded by COPY with accounts as real ones are (customer, user, verified contacts, the
// bench device trusted, a password in the history, a policy term, an audit row), then the
// same sign-in (bench/sign-in.ts `login`) as random users of the whole range, alternating
// between the two portals so that whatever else loads the machine loads both alike.
//
// The load is a bulk load's: the migrated tables' keys, foreign keys and indexes are taken
// off, each table is filled by one `COPY ... FROM STDIN WITH (FREEZE)` fed by a generator in
// this process (rows written frozen, so the vacuum after it has nothing to rewrite), then the
// keys and indexes are built again as the migrations define them, the foreign keys checked,
// and the database vacuumed, analyzed and checkpointed. COPY from a stream rather than
// `INSERT ... SELECT generate_series` in the server: the issue asks for COPY, and the rows
// come from the same functions in TypeScript whatever the size. The large size is
// BENCH_SCALE_ACCOUNTS (default 1 M, which keeps a whole bench run reasonable; the 10 M
// figures of docs/performance/scale.md are `BENCH_SCALE_ACCOUNTS=10000000`).

const accounts = (value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback
  const count = Number(value.replace(/_/g, ''))
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`BENCH_SCALE_ACCOUNTS: a whole number of accounts, not ${value}`)
  }
  return count
}
const sizes = { small: 10_000, large: accounts(process.env.BENCH_SCALE_ACCOUNTS, 1_000_000) }
const signIns = Number(process.env.SCALE_SIGN_INS ?? 1000)
const warmUp = 100
const password = 'Portal#2026'
const program = programOf('bclip')
const tables = [
  'customers',
  'users',
  'mfa_contacts',
  'known_devices',
  'password_history',
  'policy_terms',
  'audit_log',
]

/** 10 k, 1 M, 10 M, 2.5 M. */
const label = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000} M` : n >= 1_000 ? `${n / 1_000} k` : String(n)

/** COPY's text format: tab-separated, \N for null (no value here holds a tab or newline). */
const line = (values: (string | number | boolean | null)[]) =>
  `${values.map((v) => (v === null ? '\\N' : String(v))).join('\t')}\n`

const custnum = (i: number) => `SC${String(i).padStart(8, '0')}`
const username = (i: number) => `scale_user_${i}`
const email = (i: number) => `scale.user${i}@example.com`
const phone = (i: number) => `4${String(i).padStart(9, '0')}`

/** Rows of one table, generated in chunks as COPY takes them. */
function* rows(count: number, row: (i: number) => string): Generator<string> {
  const chunk = 10_000
  for (let start = 1; start <= count; start += chunk) {
    let text = ''
    for (let i = start; i < Math.min(start + chunk, count + 1); i++) text += row(i)
    yield text
  }
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

async function copy(url: string, table: string, columns: string[], lines: Iterable<string>) {
  const client = await connect(url)
  try {
    // FREEZE needs the table emptied in the same transaction; it then writes the rows as
    // visible to all, so no later vacuum or first read rewrites every page.
    await client.query('begin')
    await client.query(`truncate ${table}`)
    const stream = client.query(
      copyFrom(
        `COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN WITH (FREEZE)`,
      ),
    )
    await pipeline(Readable.from(lines), stream)
    await client.query('commit')
  } finally {
    await client.end()
  }
}

type Keys = {
  /** Primary keys and unique constraints, and plain indexes: per table, in order. */
  own: Map<string, string[]>
  /** Foreign keys from or to the loaded tables. */
  foreign: string[]
}

/**
 * Drops the keys and indexes of the loaded tables (and every foreign key touching them);
 * returns the statements that build them again, as the migrations made them.
 */
async function takeOffKeys(url: string): Promise<Keys> {
  const client = await connect(url)
  try {
    const listed = `array[${tables.map((t) => `'public.${t}'::regclass`).join(', ')}]`
    const constraints = await client.query<{
      kind: string
      table: string
      name: string
      definition: string
    }>(
      `select contype as kind, conrelid::regclass::text as table, conname as name,
              pg_get_constraintdef(oid) as definition
         from pg_constraint
        where contype in ('p', 'u', 'f')
          and (conrelid = any(${listed}) or confrelid = any(${listed}))
        order by contype = 'f' desc, conname`,
    )
    const own = new Map<string, string[]>(tables.map((t) => [t, []]))
    const foreign: string[] = []
    for (const c of constraints.rows) {
      await client.query(`alter table ${c.table} drop constraint "${c.name}"`)
      const add = `alter table ${c.table} add constraint "${c.name}" ${c.definition}`
      if (c.kind === 'f') foreign.push(add)
      else own.get(c.table)?.push(add)
    }
    // What is left on the tables is plain indexes (the constraints' own went with them).
    const indexes = await client.query<{ table: string; name: string; definition: string }>(
      `select tablename as table, indexname as name, indexdef as definition
         from pg_indexes where schemaname = 'public' and tablename = any($1) order by indexname`,
      [tables],
    )
    for (const index of indexes.rows) {
      await client.query(`drop index "${index.name}"`)
      own.get(index.table)?.push(index.definition)
    }
    return { own, foreign }
  } finally {
    await client.end()
  }
}

/** Builds the keys again: each table's on a connection of its own, then the foreign keys. */
async function putBackKeys(url: string, keys: Keys) {
  await Promise.all(
    [...keys.own.values()].map(async (statements) => {
      const client = await connect(url)
      try {
        await client.query(`set maintenance_work_mem = '256MB'`)
        for (const statement of statements) await client.query(statement)
      } finally {
        await client.end()
      }
    }),
  )
  // One at a time: each takes a lock on `users` or `customers` that excludes the others'.
  const client = await connect(url)
  try {
    await client.query(`set maintenance_work_mem = '256MB'`)
    for (const statement of keys.foreign) await client.query(statement)
  } finally {
    await client.end()
  }
}

type Loaded = { copy: number; keys: number; vacuum: number; total: number; size: string }

/** Loads `count` accounts; the seconds each step took and the database's size. */
async function load(url: string, count: number, passwordHash: string): Promise<Loaded> {
  const started = performance.now()
  const database = await openDatabase({ kind: 'postgres', url })
  const now = (await database.readTime()).toISOString()
  await database.close()
  const deviceHash = hmac(
    // The key the portal of serve.ts derives from its (demo) session secret.
    deriveKey(loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true' }).sessionSecret, 'device-print'),
    // The hash device-trust.ts keeps of a device cookie's mark.
    `cookie-mark:${benchDeviceMark}`,
  )
  const day = now.slice(0, 10)
  const nextYear = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`
  const keys = await takeOffKeys(url)
  const copyStarted = performance.now()
  await Promise.all([
    copy(
      url,
      'customers',
      [
        'custnum',
        'kprog_name',
        'level1org',
        'cname',
        'first_name',
        'status',
        'membership_cd',
        'primary_email_address',
        'email_addr',
        'phone1',
        'postalcode',
        'ccountry',
      ],
      rows(count, (i) =>
        line([
          custnum(i),
          program.serviceCode,
          program.level1Org,
          `Scale Customer ${i} LLC`,
          'Sam',
          'a',
          custnum(i),
          email(i),
          email(i),
          phone(i),
          '60601',
          'US',
        ]),
      ),
    ),
    copy(
      url,
      'users',
      [
        'id',
        'username',
        'password_hash',
        'custnum',
        'program',
        'email',
        'phone',
        'password_changed_at',
        'created_at',
      ],
      rows(count, (i) =>
        line([
          i,
          username(i),
          passwordHash,
          custnum(i),
          program.code,
          email(i),
          phone(i),
          now,
          now,
        ]),
      ),
    ),
    copy(
      url,
      'mfa_contacts',
      [
        'user_id',
        'type_of_email_address',
        'email_address',
        'type_of_phone_number',
        'phone_number',
        'country_name',
        'dial_prefix',
        'verified_at',
        'email_verified_at',
        'phone_verified_at',
        'updated_at',
      ],
      rows(count, (i) => {
        const p = phone(i)
        const dashed = `${p.slice(0, 3)}-${p.slice(3, 6)}-${p.slice(6)}`
        return line([
          i,
          'Personal',
          email(i),
          'Personal',
          dashed,
          'United States',
          '1',
          now,
          now,
          now,
          now,
        ])
      }),
    ),
    copy(
      url,
      'known_devices',
      ['user_id', 'device_print_hash', 'verified_at'],
      rows(count, (i) => line([i, deviceHash, now])),
    ),
    copy(
      url,
      'password_history',
      ['id', 'user_id', 'password_hash', 'created_at'],
      rows(count, (i) => line([i, i, passwordHash, now])),
    ),
    copy(
      url,
      'policy_terms',
      ['policy_number', 'term_start', 'term_end', 'custnum', 'prg_name', 'imported_at'],
      rows(count, (i) => line([`SCP${i}`, day, nextYear, custnum(i), program.code, now])),
    ),
    copy(
      url,
      'audit_log',
      ['id', 'at', 'event', 'user_id', 'username', 'detail'],
      rows(count, (i) =>
        line([i, now, 'login.succeeded', i, username(i), '{"verdict":"allowed"}']),
      ),
    ),
  ])
  const copied = performance.now()
  await putBackKeys(url, keys)
  const keyed = performance.now()
  const client = await connect(url)
  try {
    for (const table of ['users', 'password_history', 'audit_log']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), $1)`, [count])
    }
    // As a database in service would be: statistics current, nothing left for autovacuum to
    // do in the middle of the measurement, nothing waiting to be written.
    await client.query('vacuum analyze')
    await client.query('checkpoint')
    const done = performance.now()
    const size = await client.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    )
    return {
      copy: (copied - copyStarted) / 1000,
      keys: (keyed - copied) / 1000,
      vacuum: (done - keyed) / 1000,
      total: (done - started) / 1000,
      size: size.rows[0]?.size ?? '?',
    }
  } finally {
    await client.end()
  }
}

export async function scale() {
  const adminUrl = process.env.DATABASE_URL
  const big = label(sizes.large)
  console.log(`\nSign-in at ${big} accounts against 10 k (p99 within 10%)`)
  if (!adminUrl) {
    console.log('  needs PostgreSQL (DATABASE_URL); skipped')
    return
  }
  const admin = (sql: string) => adminQuery(adminUrl, sql)
  const names = {
    small: `portal_scale_${sizes.small}_${process.pid}`,
    large: `portal_scale_${sizes.large}_${process.pid}`,
  }
  const machine = () =>
    `load average ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')} on ${availableParallelism()} cores`
  console.log(`  at the start: ${machine()}`)
  const portals: Awaited<ReturnType<typeof serve>>[] = []
  try {
    const passwordHash = await hashPassword(password)
    const urls = { small: '', large: '' }
    for (const size of ['small', 'large'] as const) {
      await admin(`CREATE DATABASE ${names[size]}`)
      urls[size] = withDatabase(adminUrl, names[size])
      const took = await load(urls[size], sizes[size], passwordHash)
      console.log(
        `  loaded ${label(sizes[size])} accounts (${sizes[size].toLocaleString('en')}, 7 tables) in ${fmt(took.total)} s:` +
          ` COPY ${fmt(took.copy)} s, keys and indexes ${fmt(took.keys)} s, vacuum analyze and checkpoint ${fmt(took.vacuum)} s;` +
          ` database ${took.size}`,
      )
    }
    const small = await serve('portal', { BENCH_DATABASE_URL: urls.small })
    portals.push(small)
    const large = await serve('portal', { BENCH_DATABASE_URL: urls.large })
    portals.push(large)
    const pick = (count: number) => username(1 + Math.floor(Math.random() * count))
    const timed = async (port: number, count: number) => {
      const started = performance.now()
      await login(port, benchDeviceMark, pick(count))
      return performance.now() - started
    }
    for (let i = 0; i < warmUp; i++) {
      await timed(small.port, sizes.small)
      await timed(large.port, sizes.large)
    }
    const times = { small: [] as number[], large: [] as number[] }
    for (let i = 0; i < signIns; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)
      for (const size of order) {
        times[size].push(await timed(size === 'small' ? small.port : large.port, sizes[size]))
      }
    }
    const p = (size: 'small' | 'large', q: number) => percentile(times[size], q)
    console.log(
      `  ${signIns} sign-ins each (random users of the whole range, one at a time, alternating)`,
    )
    console.log(
      `  baseline 10 k accounts   p50 ${fmt(p('small', 50))} ms   p99 ${fmt(p('small', 99))} ms`,
    )
    console.log(
      `  portal ${big.padEnd(6)} accounts   p50 ${fmt(p('large', 50))} ms   p99 ${fmt(p('large', 99))} ms`,
    )
    console.log(
      `  ratio p99                ${fmt(p('large', 99) / p('small', 99), 2)}x   (budget: ≤ 1.10x; p50 ${fmt(p('large', 50) / p('small', 50), 2)}x)`,
    )
    console.log(`  at the end: ${machine()}`)
  } finally {
    for (const portal of portals) {
      const exited = new Promise((resolve) => portal.child.once('exit', resolve))
      portal.child.kill()
      await exited
    }
    for (const name of Object.values(names))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}
