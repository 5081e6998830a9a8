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

// --- 5. Sign-in at 1 M accounts against 10 k ---------------------------------------------
//
// DESIGN.md "Scale": users and customer records are looked up by indexed keys, so a sign-in
// costs the same whatever the number of accounts. Two databases of the bench's own, migrated
// and loaded by COPY with accounts as real ones are (customer, user, verified contacts, the
// bench device trusted, a password in the history, a policy term, an audit row), then the
// same sign-in (bench/sign-in.ts `login`) as random users of the whole range, alternating
// between the two portals so that whatever else loads the machine loads both alike.

const sizes = { small: 10_000, large: 1_000_000 }
const signIns = Number(process.env.SCALE_SIGN_INS ?? 1000)
const warmUp = 100
const password = 'Portal#2026'
const program = programOf('bclip')

/** COPY's text format: tab-separated, \N for null (no value here holds a tab or newline). */
const line = (values: (string | number | boolean | null)[]) =>
  `${values.map((v) => (v === null ? '\\N' : String(v))).join('\t')}\n`

const custnum = (i: number) => `SC${String(i).padStart(7, '0')}`
const username = (i: number) => `scale_user_${i}`
const email = (i: number) => `scale.user${i}@example.com`
const phone = (i: number) => `4${String(i).padStart(9, '0')}`

/** Rows of one table, generated in chunks as COPY takes them. */
function* rows(count: number, row: (i: number) => string): Generator<string> {
  const chunk = 5_000
  for (let start = 1; start <= count; start += chunk) {
    let text = ''
    for (let i = start; i < Math.min(start + chunk, count + 1); i++) text += row(i)
    yield text
  }
}

async function copy(url: string, table: string, columns: string[], lines: Iterable<string>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // The rows are consistent by construction: skip the foreign-key triggers, so all tables
    // load at once rather than one after another (a bulk load's usual setting).
    await client.query('set session_replication_role = replica')
    const stream = client.query(
      copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`),
    )
    await pipeline(Readable.from(lines), stream)
  } finally {
    await client.end()
  }
}

/** Loads `count` accounts; the seconds it took. */
async function load(url: string, count: number, passwordHash: string): Promise<number> {
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
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const table of ['users', 'password_history', 'audit_log']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), $1)`, [count])
    }
    // As a database in service would be: statistics current, nothing left for autovacuum to
    // do in the middle of the measurement, nothing waiting to be written.
    await client.query('vacuum analyze')
    await client.query('checkpoint')
  } finally {
    await client.end()
  }
  return (performance.now() - started) / 1000
}

export async function scale() {
  const adminUrl = process.env.DATABASE_URL
  console.log(`\nSign-in at 1 M accounts against 10 k (p99 within 10%)`)
  if (!adminUrl) {
    console.log('  needs PostgreSQL (DATABASE_URL); skipped')
    return
  }
  const admin = (sql: string) => adminQuery(adminUrl, sql)
  const names = {
    small: `portal_scale_10k_${process.pid}`,
    large: `portal_scale_1m_${process.pid}`,
  }
  const portals: Awaited<ReturnType<typeof serve>>[] = []
  try {
    const passwordHash = await hashPassword(password)
    const urls = { small: '', large: '' }
    for (const size of ['small', 'large'] as const) {
      await admin(`CREATE DATABASE ${names[size]}`)
      urls[size] = withDatabase(adminUrl, names[size])
      const seconds = await load(urls[size], sizes[size], passwordHash)
      console.log(
        `  loaded ${sizes[size].toLocaleString('en')} accounts (7 tables, COPY, then vacuum analyze) in ${fmt(seconds)} s`,
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
      `  portal 1 M accounts      p50 ${fmt(p('large', 50))} ms   p99 ${fmt(p('large', 99))} ms`,
    )
    console.log(
      `  ratio p99                ${fmt(p('large', 99) / p('small', 99), 2)}x   (budget: ≤ 1.10x; p50 ${fmt(p('large', 50) / p('small', 50), 2)}x)`,
    )
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
