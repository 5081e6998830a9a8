// The service's main thread per full sign-in (issue 45), apart from the bench's sections:
// bench/serve.ts portal on PostgreSQL, and the floor (floor.ts) beside it, full sign-ins
// (sign-in.ts `login`) two at a time, warmed with 60, then SIGN_INS (300) measured. Prints
// each one's main-thread CPU per full sign-in (/proc, its own thread only: the hash's threads
// are not in it) and statements per sign-in. With PROFILE_DIR each then runs again under
// `--cpu-prof` (profiles written there), and the table says where the main thread goes by
// rule (profile-rules.ts): each rule's share of the profiled run, times the unprofiled CPU.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME PROFILE_DIR=/tmp/prof \
//     node --import tsx bench/profile-sign-in.ts
// On a loaded host a wall-clock profile gives a function the time its thread waited for a
// core as well: read its shares, and the main thread's CPU, not its milliseconds.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { bundledServe, cpuSecondsOf, fmt, serve } from './lib.ts'
import { ruleShares } from './profile-rules.ts'
import { login } from './sign-in.ts'

const dir = process.env.PROFILE_DIR
const signIns = Number(process.env.SIGN_INS ?? 300)

/** One service's run: its main thread's CPU per full sign-in, and with `profileDir` its profile. */
async function measure(kind: 'portal' | 'floor', env: Record<string, string>, profileDir?: string) {
  const service = await serve(kind, {
    ...env,
    ...(profileDir
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-interval=200 --cpu-prof-dir=${profileDir}` }
      : {}),
  })
  const pid = service.child.pid
  const run = async (count: number) => {
    let left = count
    await Promise.all(
      [0, 1].map(async () => {
        while (left-- > 0) await login(service.port, service.deviceMark)
      }),
    )
  }
  await run(60)
  const statementsBefore = await service.queryCount()
  const cpuBefore = cpuSecondsOf(pid, pid) ?? 0
  // The profile's timestamps are the monotonic clock's µs, as hrtime's.
  const from = Number(process.hrtime.bigint() / 1000n)
  await run(signIns)
  const to = Number(process.hrtime.bigint() / 1000n)
  const msPerSignIn = (((cpuSecondsOf(pid, pid) ?? 0) - cpuBefore) * 1000) / signIns
  const statements = ((await service.queryCount()) - statementsBefore) / signIns
  service.child.kill('SIGTERM')
  await new Promise((resolve) => service.child.once('exit', resolve))
  return { msPerSignIn, statements, window: [from, to] as [number, number] }
}

/** The largest profile in `profileDir`: the main thread's (workers write their own, smaller). */
function mainProfile(profileDir: string): string {
  const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))
  const main = files.find((name) => /\.0\.\d+\.cpuprofile$/.test(name)) ?? files[0]
  if (!main) throw new Error(`no profile in ${profileDir}`)
  return join(profileDir, main)
}

// The floor's page as many bytes as the portal's (sign-in.ts does the same).
const portal = await measure('portal', {})
const floor = await measure('floor', {
  BENCH_FLOOR_PAGE_BYTES: process.env.BENCH_FLOOR_PAGE_BYTES ?? '4700',
})
console.log(
  `main thread per full sign-in: portal ${fmt(portal.msPerSignIn, 2)} ms (${fmt(portal.statements, 1)} statements), ` +
    `floor ${fmt(floor.msPerSignIn, 2)} ms (${fmt(floor.statements, 1)})`,
)
if (dir) {
  const bundle = await bundledServe()
  const shares = async (kind: 'portal' | 'floor', env: Record<string, string>) => {
    const profileDir = join(dir, kind)
    const { window } = await measure(kind, env, profileDir)
    return new Map(
      ruleShares(mainProfile(profileDir), bundle, window).map((r) => [r.rule, r.share]),
    )
  }
  const portalShares = await shares('portal', {})
  const floorShares = await shares('floor', {
    BENCH_FLOOR_PAGE_BYTES: process.env.BENCH_FLOOR_PAGE_BYTES ?? '4700',
  })
  console.log(`${'rule'.padEnd(56)}  portal ms (share)   floor ms (share)`)
  for (const [rule, share] of portalShares) {
    const floorShare = floorShares.get(rule) ?? 0
    console.log(
      `${rule.padEnd(56)}  ${fmt(share * portal.msPerSignIn, 2).padStart(5)} (${fmt(share * 100, 1).padStart(4)}%)` +
        `    ${fmt(floorShare * floor.msPerSignIn, 2).padStart(5)} (${fmt(floorShare * 100, 1).padStart(4)}%)`,
    )
  }
  for (const [rule, share] of floorShares) {
    if (!portalShares.has(rule)) {
      console.log(
        `${rule.padEnd(56)}  ${'0.00'.padStart(5)}             ${fmt(share * floor.msPerSignIn, 2).padStart(5)} (${fmt(share * 100, 1)}%)`,
      )
    }
  }
}
