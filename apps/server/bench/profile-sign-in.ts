// The service's main thread per full sign-in (issue 45), apart from the bench's sections:
// bench/serve.ts portal on PostgreSQL, full sign-ins (sign-in.ts `login`) two at a time,
// warmed with 60, then SIGN_INS (300) measured. Prints the main thread's CPU per full sign-in
// (/proc, its own thread only: the hash's threads are not in it), the statements per sign-in,
// and the measured window's bounds in the monotonic clock's µs. With PROFILE_DIR the service
// runs under `--cpu-prof` and writes its profile there: the window's bounds pick the samples
// of the measured sign-ins out of it (the profile's timestamps are the same clock's).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME PROFILE_DIR=/tmp/prof \
//     node --import tsx bench/profile-sign-in.ts
// On a loaded host a wall-clock profile gives a function the time its thread waited for a
// core as well: read its shares, and the main thread's CPU, not its milliseconds.
import { cpuSecondsOf, serve } from './lib.ts'
import { login } from './sign-in.ts'

const dir = process.env.PROFILE_DIR
const portal = await serve(
  'portal',
  dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-interval=200 --cpu-prof-dir=${dir}` } : {},
)
const pid = portal.child.pid
const signIns = Number(process.env.SIGN_INS ?? 300)
const run = async (count: number) => {
  let left = count
  await Promise.all(
    [0, 1].map(async () => {
      while (left-- > 0) await login(portal.port, portal.deviceMark)
    }),
  )
}
await run(60)
const statementsBefore = await portal.queryCount()
const cpuBefore = cpuSecondsOf(pid, pid) ?? 0
const from = process.hrtime.bigint() / 1000n
await run(signIns)
const to = process.hrtime.bigint() / 1000n
const cpu = (cpuSecondsOf(pid, pid) ?? 0) - cpuBefore
const statements = (await portal.queryCount()) - statementsBefore
console.log(
  JSON.stringify({
    mainThreadMsPerSignIn: (cpu * 1000) / signIns,
    statementsPerSignIn: statements / signIns,
    windowMicros: [String(from), String(to)],
  }),
)
portal.child.kill('SIGTERM')
await new Promise((resolve) => portal.child.once('exit', resolve))
