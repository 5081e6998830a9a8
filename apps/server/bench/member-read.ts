// The member read's client-side cost (issue 45): the session read with the user's columns as
// the sign-in's calls read them (sessionUserColumns) against every column but the hashes (the
// read before issue 45), alternated in one process on one connection, so that the host's load
// moves both alike. Prints the event loop's CPU per read (process.cpuUsage: this process only;
// the database's own time is not in it) for each round. Usage (a database of your own):
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME node --import tsx bench/member-read.ts
import { eq, getTableColumns, sql } from 'drizzle-orm'
import { openDatabase, prepared } from '../src/store/db.ts'
import { seedDemoData } from '../src/store/seed.ts'
import { customers, mfaContacts, sessions, users } from '../src/store/schema.ts'
import { isKnownDevice, deviceParameters } from '../src/store/mfa.repo.ts'
import { sessionsRepo } from '../src/store/sessions.repo.ts'
import { sessionUserColumns, signInCustomerColumns } from '../src/store/users.repo.ts'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL')
const database = await openDatabase({ kind: 'postgres', url })
const { db } = database
const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'bclip_demo'))
if (!user) await seedDemoData(db, await database.readTime())
const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'bclip_demo'))
if (!demo) throw new Error('no bclip_demo')
const idHash = `member-read-bench-${process.pid}`
const now = new Date()
await sessionsRepo(db).insert({
  idHash,
  userId: demo.id,
  program: 'bclip',
  stage: 'authenticated',
  data: { programCheck: { verdict: 'allowed' } },
  createdAt: now,
  lastSeenAt: now,
  expiresAt: new Date(now.getTime() + 3_600_000),
})

const { passwordHash, pendingPasswordHash, ...everyColumnButHashes } = getTableColumns(users)
void passwordHash
void pendingPasswordHash
const read = (name: string, user: Record<string, unknown>, device: boolean) => {
  const base = db
    .select({
      session: sessions,
      user: user as typeof sessionUserColumns,
      customer: signInCustomerColumns,
      ...(device ? { contact: mfaContacts, isKnownDevice: isKnownDevice(db, users.id) } : {}),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.custnum, users.custnum))
  const statement = prepared(db, name, (n) =>
    (device ? base.leftJoin(mfaContacts, eq(mfaContacts.userId, users.id)) : base)
      .where(eq(sessions.idHash, sql.placeholder('idHash')))
      .prepare(n),
  )
  const parameters = {
    idHash,
    ...(device ? deviceParameters({ devicePrintHash: '', since: new Date(0) }) : {}),
  }
  return () => statement.execute(parameters)
}
const ways = {
  before: read('bench_member_before', everyColumnButHashes, false),
  after: read('bench_member_after', sessionUserColumns, false),
  beforeWithDevice: read('bench_member_before_device', everyColumnButHashes, true),
  afterWithDevice: read('bench_member_after_device', sessionUserColumns, true),
}
const perRound = Number(process.env.READS ?? 2000)
const rounds = Number(process.env.ROUNDS ?? 6)
const totals: Record<string, number[]> = {}
for (let round = 0; round < rounds; round++) {
  for (const [way, run] of Object.entries(ways)) {
    for (let i = 0; i < 200; i++) await run() // warm
    const start = process.cpuUsage()
    for (let i = 0; i < perRound; i++) await run()
    const used = process.cpuUsage(start)
    const micros = (used.user + used.system) / perRound
    ;(totals[way] ??= []).push(micros)
  }
}
for (const [way, list] of Object.entries(totals)) {
  const sorted = [...list].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  console.log(
    `${way.padEnd(18)} CPU µs per read: median ${median.toFixed(1)}  rounds ${list.map((m) => m.toFixed(1)).join(' ')}`,
  )
}
await db.delete(sessions).where(eq(sessions.idHash, idHash))
await database.close()
