// What each statement of a full sign-in costs PostgreSQL (issue 45's database row, statement
// by statement): bench/serve.ts portal with BENCH_STATEMENT_CPU, full sign-ins (sign-in.ts
// `login`) one at a time, warmed with 60, then SIGN_INS (400) measured. For each statement the
// CPU of the backend that ran it (/proc/<pid>/schedstat: time on a core, from the statement's
// send to its answer: parse, plan, execute, commit), per sign-in and per statement.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME node --import tsx bench/statement-cpu.ts
import { readFileSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fmt, serve } from './lib.ts'
import { login } from './sign-in.ts'

const file = join(tmpdir(), `statement-cpu-${process.pid}.json`)
const signIns = Number(process.env.SIGN_INS ?? 400)
const portal = await serve('portal', { BENCH_STATEMENT_CPU: file })
const pid = portal.child.pid as number
/** Asks the service to write its sums (and start new ones), and reads them. */
const sums = async () => {
  rmSync(file, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    try {
      const written = JSON.parse(readFileSync(file, 'utf8')) as [
        string,
        { count: number; ns: number },
      ][]
      return written
    } catch {
      // Not written yet.
    }
  }
  throw new Error('the service wrote no sums')
}
for (let i = 0; i < 60; i++) await login(portal.port, portal.deviceMark)
await sums()
for (let i = 0; i < signIns; i++) await login(portal.port, portal.deviceMark)
const measured = (await sums()).sort((a, b) => b[1].ns - a[1].ns)
let total = 0
console.log('µs per sign-in   per sign-in   µs each   statement')
for (const [text, { count, ns }] of measured) {
  total += ns
  console.log(
    `${fmt(ns / signIns / 1000, 0).padStart(14)}   ${fmt(count / signIns, 2).padStart(11)}   ${fmt(ns / count / 1000, 0).padStart(7)}   ${text.slice(0, 100)}`,
  )
}
console.log(
  `${fmt(total / signIns / 1000, 0).padStart(14)}   all statements of a full sign-in (backend CPU, µs)`,
)
portal.child.kill('SIGTERM')
await once(portal.child, 'exit')
