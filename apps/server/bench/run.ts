// npm run bench: the budgets of DESIGN.md, each printed as a ratio against a baseline
// measured in the same run on the same machine. BENCH_ONLY=a,b runs only the named sections
// (first-load, cheap-calls, sign-in, pressure, email, scale, password-list, soak). The soak runs
// BENCH_SOAK_MINUTES (default 15) at BENCH_SOAK_RATE calls/s (default 10). Lighthouse runs only
// when named (BENCH_ONLY=lighthouse, with LIGHTHOUSE_DIR: bench/lighthouse.ts).
import { cheapCalls } from './cheap-calls.ts'
import { emailThroughput } from './email.ts'
import { firstLoad } from './first-load.ts'
import { lighthouseScores } from './lighthouse.ts'
import { serve } from './lib.ts'
import { passwordList } from './password-list.ts'
import { underPressure } from './pressure.ts'
import { scale } from './scale.ts'
import { soak } from './soak.ts'
import { passwordLogins } from './sign-in.ts'

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
const runs = (section: string) => !only || only.includes(section)

const portal = ['first-load', 'lighthouse', 'cheap-calls', 'sign-in', 'pressure'].some(runs)
  ? await serve('portal')
  : undefined
try {
  if (portal && runs('first-load')) await firstLoad(portal.port)
  if (portal && only?.includes('lighthouse')) await lighthouseScores(portal.port)
  if (portal && runs('cheap-calls')) await cheapCalls(portal)
  if (portal && runs('sign-in')) await passwordLogins(portal)
  if (portal && runs('pressure'))
    await underPressure(portal.port, ' (hashing in threads at nice 10)')
} finally {
  portal?.child.kill()
}
// The same flood with hashing on libuv's pool at normal priority (PASSWORD_HASH_THREADS=false):
// the comparison behind decision 0019, in the same run.
if (runs('pressure')) {
  const libuv = await serve('portal', { PASSWORD_HASH_THREADS: 'false' })
  try {
    await underPressure(libuv.port, " (hashing on libuv's pool, PASSWORD_HASH_THREADS=false)")
  } finally {
    libuv.child.kill()
  }
}
// In this process: the list the service checks new passwords against.
if (runs('password-list')) passwordList()
// Its own SMTP receiver; no portal.
if (runs('email')) await emailThroughput()
// Its own two databases and portals (PostgreSQL only).
if (runs('scale')) await scale()
// Its own portal, for BENCH_SOAK_MINUTES.
if (runs('soak')) await soak()
console.log(
  `\ndatabase: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`,
)
