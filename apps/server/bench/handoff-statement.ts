// The hand-off's statements on the database's side (issue 45): the guard's read with the end
// (two statements, before) against the one statement that ends the session under the guard's
// conditions (`endFlow`), alternated in rounds on one connection. Prints, per hand-off, the
// CPU of that connection's PostgreSQL backend (/proc/<pid>/schedstat: nanoseconds on a core,
// which the host's load does not add to) and the client's. Each hand-off first inserts its
// session (the same insert for both; its cost is measured alone and taken off). Usage (a
// database of your own, on this machine's PostgreSQL):
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME node --import tsx bench/handoff-statement.ts
import { readFileSync } from 'node:fs'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { eq } from 'drizzle-orm'
import type { Db } from '../src/store/db-type.ts'
import { migratePostgres } from '../src/store/db.ts'
import * as schema from '../src/store/schema.ts'
import { seedDemoData } from '../src/store/seed.ts'
import { sessionsRepo } from '../src/store/sessions.repo.ts'
import { users } from '../src/store/schema.ts'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL')
await migratePostgres(url)
const client = new pg.Client({ connectionString: url })
await client.connect()
const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db
const demo = async () =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, 'bclip_demo')))[0]
if (!(await demo())) {
  const { rows } = await client.query<{ now: Date }>('select now()')
  await seedDemoData(db, rows[0]?.now ?? new Date())
}
const user = await demo()
if (!user) throw new Error('no bclip_demo')
const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
if (backend === undefined) throw new Error('no backend pid')
const backendNs = () => Number(readFileSync(`/proc/${backend}/schedstat`, 'utf8').split(' ')[0])

const repo = sessionsRepo(db)
const audit = {
  at: new Date(),
  event: 'handoff.issued',
  userId: user.id,
  username: 'bclip_demo',
  clientIp: '127.0.0.1',
  detail: { program: 'bclip' },
  actor: null,
  reason: null,
  requestId: 'bench',
}
let n = 0
const insert = async () => {
  const idHash = `handoff-bench-${process.pid}-${n++}`
  const now = new Date()
  await repo.insert({
    idHash,
    userId: user.id,
    program: 'bclip',
    stage: 'authenticated',
    data: {
      programCheck: { program: 'bclip', verdict: 'allowed', association: 'X' },
      handoffSecret: 'x'.repeat(120),
    },
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  })
  return idHash
}
const ways = {
  insertOnly: async () => {
    await insert()
  },
  before: async () => {
    const idHash = await insert()
    if (!(await repo.findWithMember(idHash))) throw new Error('not found')
    if (!(await repo.remove(idHash, audit))) throw new Error('not removed')
  },
  after: async () => {
    const idHash = await insert()
    const where = {
      stages: ['authenticated'],
      verdict: 'allowed',
      now: new Date(),
      heldPrograms: [],
    }
    if (!(await repo.endFlow(idHash, where, audit))) throw new Error('not ended')
  },
}
const perRound = Number(process.env.ROUND ?? 1500)
interface Sample {
  /** The backend's CPU per hand-off, µs. */
  db: number
  /** This process's CPU per hand-off, µs. */
  client: number
}
const names = ['insertOnly', 'before', 'after'] as const
const results: Record<(typeof names)[number], Sample[]> = { insertOnly: [], before: [], after: [] }
for (let round = 0; round < Number(process.env.ROUNDS ?? 6); round++) {
  for (const name of names) {
    const way = ways[name]
    for (let i = 0; i < 50; i++) await way() // warm (prepared plans)
    const db0 = backendNs()
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < perRound; i++) await way()
    const cpu = process.cpuUsage(cpu0)
    results[name].push({
      db: (backendNs() - db0) / perRound / 1000,
      client: (cpu.user + cpu.system) / perRound,
    })
  }
  // The sessions inserted alone pile up: clear them between rounds.
  await client.query(`delete from sessions where id_hash like 'handoff-bench-%'`)
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const fmt = (xs: number[]) => `${median(xs).toFixed(1)} (${xs.map((x) => x.toFixed(0)).join(', ')})`
const medianOf = (name: (typeof names)[number], key: keyof Sample) =>
  median(results[name].map((sample) => sample[key]))
console.log(`per hand-off, µs, median (rounds); ${perRound} a round, the session's insert included`)
for (const name of names) {
  const samples = results[name]
  const db = fmt(samples.map((sample) => sample.db))
  console.log(
    `  ${name.padEnd(10)} database backend ${db}; client ${fmt(samples.map((sample) => sample.client))}`,
  )
}
const without = (name: 'before' | 'after') =>
  (medianOf(name, 'db') - medianOf('insertOnly', 'db')).toFixed(1)
console.log(
  `  without the insert: before ${without('before')} µs, after ${without('after')} µs of the backend's CPU`,
)
await client.query(`delete from sessions where id_hash like 'handoff-bench-%'`)
await client.end()
