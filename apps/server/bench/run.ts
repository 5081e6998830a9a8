// npm run bench: the budgets of DESIGN.md, each printed as a ratio against a baseline
// measured in the same run on the same machine.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { hashPassword, verifyPassword } from '../src/lib/passwords.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const webDist = join(root, 'apps/web/dist')

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`

// --- 1. First load of the login page: JS + CSS, gzip ------------------------------------

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/** Every file a manifest entry loads before it runs: its chunk, static imports and CSS. */
function closure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...files]
}

async function gzipSize(dir: string, files: string[]): Promise<number> {
  let total = 0
  for (const file of files) total += gzipSync(await readFile(join(dir, file))).length
  return total
}

async function buildBaseline(): Promise<number> {
  // Bare React 19 with one form: what any React login page pays before its own code.
  const dir = join(root, '.tmp/bench-baseline')
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  const page = '<div id="root"></div><script type="module" src="/src/main.js"></script>'
  await writeFile(join(dir, 'index.html'), page)
  const form = `h('form', null, h('label', null, 'Username ', h('input', { name: 'u' })), h('button', null, 'Login'))`
  await writeFile(
    join(dir, 'src/main.js'),
    `import { createElement as h } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(${form})\n`,
  )
  const { build } = await import('vite')
  await build({
    root: dir,
    logLevel: 'silent',
    build: { outDir: join(dir, 'dist'), manifest: true, emptyOutDir: true },
  })
  const manifestPath = join(dir, 'dist/.vite/manifest.json')
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest
  return gzipSize(join(dir, 'dist'), closure(manifest, ['index.html']))
}

async function firstLoad() {
  const manifest = JSON.parse(
    await readFile(join(webDist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest
  const files = closure(manifest, ['index.html', 'src/routes/usweb-login.tsx'])
  const portal = await gzipSize(webDist, files)
  const baseline = await buildBaseline()
  console.log('\nLogin page first load (JS + CSS, gzip)')
  console.log(`  portal  /usweb/login      ${kb(portal)}  (${files.length} files)`)
  console.log(`  baseline bare React + form ${kb(baseline)}`)
  console.log(
    `  ratio                      ${fmt(portal / baseline, 2)}x   (budget: 100 KB = ${fmt(102400 / baseline, 2)}x)`,
  )
}

// --- Services in child processes ----------------------------------------------------------

async function serve(kind: 'portal' | 'baseline'): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/bench/serve.ts'), kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    },
  )
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /"port":(\d+)/.exec(chunk.toString())
      if (match) resolve(Number(match[1]))
    })
  })
  return { port, child }
}

// --- 2. Cheap calls ----------------------------------------------------------------------

async function hammer(url: string) {
  const result = await autocannon({ url, connections: 32, duration: 5 })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

async function cheapCalls(portalPort: number) {
  const baselineServer = await serve('baseline')
  try {
    const baseline = await hammer(`http://127.0.0.1:${baselineServer.port}/hello`)
    console.log('\nCheap calls (32 connections, 5 s each, service in its own process)')
    console.log(
      `  baseline bare Fastify       ${fmt(baseline.rps, 0)} req/s  p99 ${baseline.p99} ms`,
    )
    for (const path of [
      '/api/mfa/getCountries',
      '/api/customer-api/getPOMailingAddress/augustar',
    ]) {
      const r = await hammer(`http://127.0.0.1:${portalPort}${path}`)
      console.log(
        `  ${path.padEnd(48)} ${fmt(r.rps, 0)} req/s  p99 ${r.p99} ms  ratio ${fmt(r.rps / baseline.rps, 2)}x${r.errors ? `  errors ${r.errors}` : ''}`,
      )
    }
  } finally {
    baselineServer.child.kill()
  }
}

// --- 3. Full password login vs raw argon2id verification ---------------------------------

async function runFor<T>(
  seconds: number,
  concurrency: number,
  task: () => Promise<T>,
): Promise<number> {
  const end = Date.now() + seconds * 1000
  let done = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await task()
        done++
      }
    }),
  )
  return done / seconds
}

async function login(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      jar.set(name, value)
    }
    return response
  }
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    mfadeviceprint: 'bench-device',
  })
  keep(await fetch(`${base}/healthz`))
  const auth = keep(
    await fetch(`${base}/api/us-web-authentication/authenticate`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'userName=bclip_demo&password=Portal%232026&velLevel1Org=100',
    }),
  )
  if (auth.status !== 201) throw new Error(`authenticate answered ${auth.status}`)
  const decision = (await keep(
    await fetch(`${base}/api/mfa/getMFAUser`, { headers: headers() }),
  ).json()) as {
    statusCode: string
  }
  if (decision.statusCode !== 'ALLOW_LOGIN')
    throw new Error(`expected ALLOW_LOGIN, got ${decision.statusCode}`)
  const handoff = await fetch(`${base}/api/portal/handoff`, { method: 'POST', headers: headers() })
  if (handoff.status !== 200) throw new Error(`handoff answered ${handoff.status}`)
}

async function passwordLogins(port: number) {
  const hash = await hashPassword('Portal#2026')
  const concurrency = 8
  const verifyRate = await runFor(8, concurrency, () => verifyPassword(hash, 'Portal#2026'))
  const loginRate = await runFor(8, concurrency, () => login(port))
  console.log(
    `\nFull password login: submit → second factor (recognised device) → hand-off (${concurrency} at a time, 8 s)`,
  )
  console.log(`  baseline raw argon2id verify  ${fmt(verifyRate)} /s   (${cpus().length} cores)`)
  console.log(`  portal full login             ${fmt(loginRate)} /s`)
  console.log(
    `  ratio                         ${fmt(loginRate / verifyRate, 2)}x   (budget: ≥ 0.85x)`,
  )
}

// --- 4. Under pressure: a wrong-password flood vs the cheap calls ------------------------

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** One request at a time to each path until `until`; the latencies in ms. */
async function probe(base: string, paths: string[], until: number) {
  const latencies = new Map(paths.map((path) => [path, [] as number[]]))
  await Promise.all(
    paths.map(async (path) => {
      while (Date.now() < until) {
        const started = performance.now()
        const response = await fetch(`${base}${path}`)
        await response.arrayBuffer()
        latencies.get(path)?.push(performance.now() - started)
      }
    }),
  )
  return latencies
}

async function underPressure(port: number) {
  const base = `http://127.0.0.1:${port}` // loopback only
  const seconds = 10
  const connections = 64
  const paths = ['/healthz', '/api/mfa/getCountries']
  const idle = await probe(base, paths, Date.now() + seconds * 1000)

  // The anti-forgery pair, taken once and sent with every flood request.
  const health = await fetch(`${base}/healthz`)
  const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(';'))?.[1] ?? ''
  let n = 0
  const statuses = new Map<number, number>()
  const flooding = autocannon({
    url: `${base}/api/us-web-authentication/authenticate`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': decodeURIComponent(token),
    },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: `userName=flood_${n++ % 5000}&password=Wrong%231x&velLevel1Org=100`,
        }),
        onResponse: (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
      },
    ],
  })
  const loaded = await probe(base, paths, Date.now() + seconds * 1000)
  const flood = await flooding
  const counts = [...statuses].map(([status, count]) => `${status}: ${count}`).join('   ')
  console.log(
    `\nUnder pressure: wrong passwords, ${connections} connections for ${seconds} s (sign-in limits raised, so the flood reaches hashing)`,
  )
  console.log(
    `  flood answers   ${counts}   (${fmt(flood.requests.average, 0)} req/s, p99 ${flood.latency.p99} ms)`,
  )
  for (const path of paths) {
    const before = percentile(idle.get(path) ?? [], 99)
    const during = percentile(loaded.get(path) ?? [], 99)
    console.log(
      `  ${path.padEnd(24)} p99 idle ${fmt(before, 2)} ms   under flood ${fmt(during, 2)} ms   ratio ${fmt(during / before, 1)}x   (${loaded.get(path)?.length ?? 0} calls)`,
    )
  }
}

// BENCH_ONLY=pressure runs the last section alone (then no web build is needed).
const isPressureOnly = process.env.BENCH_ONLY === 'pressure'
if (!isPressureOnly) await firstLoad()
const portal = await serve('portal')
try {
  if (!isPressureOnly) {
    await cheapCalls(portal.port)
    await passwordLogins(portal.port)
  }
  await underPressure(portal.port)
} finally {
  portal.child.kill()
}
console.log(
  `\ndatabase: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`,
)
