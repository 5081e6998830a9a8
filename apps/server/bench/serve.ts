// A service for the benchmark, in its own process: `portal` (the real app on a seeded
// database, with bclip_demo's bench device already trusted), `baseline` (bare Fastify
// answering a JSON of the same size) or `floor` (the full sign-in's floor, floor.ts).
// Prints {"port": N} once listening. With BENCH_DATABASE_URL the portal runs on that database
// as it is (the scale section's, loaded and dropped by its owner): nothing seeded, nothing
// dropped.
import { readFileSync, writeFileSync } from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase, preparePgliteImage } from '../src/store/db.ts'
import { seedDemoData } from '../src/store/seed.ts'
import pino from 'pino'
import { adminQuery, withDatabase } from '../src/testing/databases.ts'
import { TestClient } from '../src/testing/harness.ts'
import { serveFloor } from './floor.ts'

const kind = process.argv[2]

/**
 * With BENCH_STATEMENT_CPU (statement-cpu.ts): each statement's cost to its PostgreSQL backend
 * (/proc/<pid>/schedstat, nanoseconds on a core, from the statement's send to its answer),
 * summed by statement text; SIGUSR2 writes the sums to that file and starts new ones.
 */
function countStatementCpu(file: string) {
  const sums = new Map<string, { count: number; ns: number }>()
  const cpuOf = (pid: number) =>
    Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])
  type Query = (this: pg.Client & { processID: number | null }, ...args: unknown[]) => unknown
  const query = pg.Client.prototype.query as unknown as Query
  const patched: Query = function (...args) {
    const pid = this.processID
    const callback = args.at(-1)
    // The pool's statements come with a callback (pg-pool); others are not counted.
    if (!pid || typeof callback !== 'function') return query.apply(this, args)
    const config = args[0] as { text?: string } | string
    const text = (typeof config === 'string' ? config : (config.text ?? '')).replace(/\s+/g, ' ')
    const before = cpuOf(pid)
    args[args.length - 1] = (...answer: unknown[]) => {
      const sum = sums.get(text) ?? { count: 0, ns: 0 }
      sum.count++
      sum.ns += cpuOf(pid) - before
      sums.set(text, sum)
      return (callback as (...a: unknown[]) => unknown)(...answer)
    }
    return query.apply(this, args)
  }
  ;(pg.Client.prototype as unknown as { query: Query }).query = patched
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify([...sums]))
    sums.clear()
  })
}
if (process.env.BENCH_STATEMENT_CPU) countStatementCpu(process.env.BENCH_STATEMENT_CPU)

if (kind === 'baseline') {
  const app = Fastify({ logger: false })
  const body = [{ countryName: 'United States', dialPrefix: '1' }]
  app.get('/hello', async () => body)
  await app.listen({ host: '127.0.0.1', port: 0 })
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }))
} else if (kind === 'floor') {
  await serveFloor()
} else {
  const givenUrl = process.env.BENCH_DATABASE_URL
  // On PostgreSQL the bench gets a database of its own, dropped when it stops.
  const adminUrl = givenUrl ? undefined : process.env.DATABASE_URL
  const benchDb = `portal_bench_${process.pid}`
  if (adminUrl) await adminQuery(adminUrl, `CREATE DATABASE ${benchDb}`)
  const database = givenUrl
    ? await openDatabase({ kind: 'postgres', url: givenUrl })
    : adminUrl
      ? await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, benchDb) })
      : await openDatabase({
          kind: 'pglite-image',
          image: await preparePgliteImage((db) => seedDemoData(db, new Date())),
        })
  if (adminUrl) await seedDemoData(database.db, await database.readTime())
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close()
      await database.close()
      if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`)
      process.exit(0)
    })()
  })
  // One loopback client signs in many times: the sign-in limits are raised, so the flood of
  // section 4 reaches password hashing (as a flood from many addresses would).
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    // BENCH_LOG_LEVEL=info measures the request log too (written to /dev/null).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    OUTBOX_POLL_MS: '0',
    LOGIN_LIMIT_PER_CLIENT: '1000000000',
    LOGIN_LIMIT_PER_USERNAME: '1000000000',
    // Passed through for experiments; the defaults otherwise.
    ...(process.env.PASSWORD_HASH_CONCURRENCY
      ? { PASSWORD_HASH_CONCURRENCY: process.env.PASSWORD_HASH_CONCURRENCY }
      : {}),
    ...(process.env.PASSWORD_HASH_THREADS
      ? { PASSWORD_HASH_THREADS: process.env.PASSWORD_HASH_THREADS }
      : {}),
    // Settings of one section (soak.ts: its metrics token and raised limits), as JSON.
    ...(JSON.parse(process.env.BENCH_PORTAL_SETTINGS ?? '{}') as Record<string, string>),
  })
  const app = await buildApp({
    config,
    database,
    ...(process.env.BENCH_LOG_LEVEL
      ? {
          logStream: pino.destination({
            dest: '/dev/null',
            sync: true,
          }) as unknown as NodeJS.WritableStream,
        }
      : {}),
  })
  await app.ready()
  // Trust the bench device once, the way a person does: code by email, code entered; the
  // browser keeps the device cookie's mark, and so does the bench (lib.ts reads it).
  let deviceMark: string | undefined
  if (!givenUrl) {
    const client = new TestClient(app)
    await client.login('bclip_demo', 'Portal#2026')
    await client.passSecondFactor('bench-device')
    deviceMark = client.cookies.get('portal_device')
  }
  // The bench asks over the IPC channel how many statements the portal has sent so far
  // (Drizzle's counter), to print statements per sign-in beside the database's CPU.
  process.on('message', () => process.send?.({ queryCount: database.queryCount() }))
  await app.listen({ host: '127.0.0.1', port: 0 })
  const port = (app.server.address() as { port: number }).port
  console.log(JSON.stringify({ port, deviceMark, database: adminUrl ? benchDb : undefined }))
}
