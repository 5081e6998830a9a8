import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { verify } from '@node-rs/argon2'
import autocannon from 'autocannon'
import { request } from 'undici'
import { authMessages } from '@portal/contract'
import { defaultHashConcurrency, hashPassword } from '../src/lib/passwords.ts'
import { cpuSecondsOf, fmt, runFor, serve } from './lib.ts'

// --- 3. Password sign-in vs raw argon2id verification ------------------------------------
//
// The baseline is what the cores can do: the service's own hash (its parameters), verified
// straight by @node-rs/argon2, 8 at a time, with none of the service's bounds, on a thread
// pool sized as the service's is (bench/run.ts starts under src/thread-pool.cjs like the
// service). Two rows against it: the password call alone (issue 17's budget), and the full
// sign-in of the usweb login screen: password, account and customer lookup (the program
// check), second factor decision (a recognised device), hand-off. It prints issue 25's table,
// each row against the raw verifies of the same run, and where each operation's CPU goes; and,
// on PostgreSQL, the same full sign-in against a bare service that does only what no service
// can skip (floor.ts): the ceiling of the full sign-in's ratios on this machine.

/**
 * One usweb sign-in of a recognised device; `scale` signs in as many different users. Sent
 * with undici's `request` over kept-alive connections: the load generator shares the cores
 * with the service, and fetch costs it about three times more per call.
 */
export async function login(port: number, deviceMark: string, userName = 'bclip_demo') {
  const base = `http://127.0.0.1:${port}` // loopback only
  // The trusted device's cookie (HttpOnly in a browser); spec §7's device print beside it.
  const jar = new Map([['portal_device', deviceMark]])
  const call = async (
    path: string,
    options: { method?: 'GET' | 'POST'; type?: string; body?: string } = {},
  ) => {
    const response = await request(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        mfadeviceprint: 'bench-device',
        ...(options.type ? { 'content-type': options.type } : {}),
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    })
    const setCookie = response.headers['set-cookie']
    for (const cookie of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      jar.set(name, value)
    }
    const text = await response.body.text()
    return { status: response.statusCode, text }
  }
  const expect = (path: string, answer: { status: number; text: string }, status: number) => {
    if (answer.status !== status) throw new Error(`${path} answered ${answer.status}`)
    return JSON.parse(answer.text) as Record<string, unknown>
  }
  await call('/usweb/login') // the page hands out the anti-forgery token
  const authenticate = '/api/us-web-authentication/authenticate'
  const form = new URLSearchParams({ userName, password: 'Portal#2026', velLevel1Org: '100' })
  const auth = await call(authenticate, {
    method: 'POST',
    type: 'application/x-www-form-urlencoded',
    body: form.toString(),
  })
  expect(authenticate, auth, 201)
  const postJson = async (path: string, body: unknown) =>
    expect(
      path,
      await call(path, { method: 'POST', type: 'application/json', body: JSON.stringify(body) }),
      200,
    )
  const account = await postJson('/api/fidbond-api/account', { username: userName })
  const check = await postJson('/api/customer-api/find', {
    clientPrefix: 'bclip',
    customerNumber: account.customerNumber,
    level1Org: '100',
  })
  if (check.verdict !== 'allowed') throw new Error(`expected allowed, got ${String(check.verdict)}`)
  const getMfaUser = '/api/mfa/getMFAUser'
  const decision = expect(getMfaUser, await call(getMfaUser), 200)
  if (decision.statusCode !== 'ALLOW_LOGIN')
    throw new Error(`expected ALLOW_LOGIN, got ${String(decision.statusCode)}`)
  const handoff = '/api/portal/handoff'
  expect(handoff, await call(handoff, { method: 'POST' }), 200)
}

/**
 * The password sign-in alone, as the issue 17 budget names it: the login form's POST, with
 * the anti-forgery pair the login page handed out once (an anonymous visitor's, so each
 * sign-in starts a fresh session), for `seconds` over `connections` kept-alive connections.
 * Driven by autocannon, as the cheap calls are: the load generator shares the cores with the
 * hashing, and fetch costs it about ten times more per request. Answers sign-ins per second;
 * throws unless every answer was the spec's success.
 */
async function passwordSignIns(port: number, seconds: number, connections: number) {
  const base = `http://127.0.0.1:${port}` // loopback only
  const page = await fetch(`${base}/usweb/login`)
  await page.arrayBuffer()
  const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.getSetCookie().join(';'))?.[1] ?? ''
  const success = JSON.stringify(authMessages.success)
  let refused = 0
  const result = await autocannon({
    url: `${base}/api/us-web-authentication/authenticate`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': decodeURIComponent(token),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      userName: 'bclip_demo',
      password: 'Portal#2026',
      velLevel1Org: '100',
    }).toString(),
    requests: [
      {
        onResponse: (status, body) => {
          if (status !== 201 || !body.includes(success)) refused++
        },
      },
    ],
  })
  if (refused || result.errors || result.timeouts)
    throw new Error(`authenticate: ${refused} refused, ${result.errors} errors`)
  return result.requests.total / seconds
}

/**
 * CPU seconds of each PostgreSQL server process on this machine (none when none runs here),
 * by process id, and whether it serves `database`: its connections' processes are titled
 * `postgres: … USER DATABASE HOST(PORT) STATE`. The whole counts PostgreSQL's background
 * processes and other databases' connections too, which on a machine shared with other
 * tests move with their load; the bench database's own connections are this run's alone.
 */
function databaseProcesses(database: string | undefined) {
  const processes = new Map<number, { seconds: number; own: boolean }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      processes.set(Number(entry), {
        seconds: cpuSecondsOf(Number(entry)) ?? 0,
        own: database !== undefined && title.includes(` ${database} `),
      })
    } catch {
      // The process ended while being read.
    }
  }
  return processes
}

/**
 * The database's CPU seconds between two readings: each process's own growth, so that a
 * connection closed in between (its seconds gone with it) takes nothing away, and one opened
 * in between counts from nothing.
 */
function databaseCpuBetween(
  before: ReturnType<typeof databaseProcesses>,
  after: ReturnType<typeof databaseProcesses>,
): { all: number; own: number } {
  let all = 0
  let own = 0
  for (const [pid, { seconds, own: isOwn }] of after) {
    const grown = seconds - (before.get(pid)?.seconds ?? 0)
    all += grown
    if (isOwn) own += grown
  }
  return { all, own }
}

/**
 * CPU seconds of V8's helper threads in process `pid` (named V8Worker: garbage collection and
 * compilation done beside the event loop), which are neither the event loop nor hashing.
 */
function v8HelperSeconds(pid: number): number {
  let seconds = 0
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8')
      if (stat.includes('(V8Worker)')) seconds += cpuSecondsOf(pid, Number(thread)) ?? 0
    }
  } catch {
    return NaN
  }
  return seconds
}

/**
 * Operations per second over `seconds`, and the CPU milliseconds each cost: the `portal`'s
 * process (and its main thread alone), the database server and this process (the load
 * generator), which all share the cores with the hashing; and the statements the portal
 * sent to its database per operation.
 */
async function measure(portal: Portal | undefined, seconds: number, run: () => Promise<number>) {
  const pid = portal?.child.pid
  const readAll = async () => ({
    statements: portal ? await portal.queryCount() : NaN,
    service: pid === undefined ? NaN : (cpuSecondsOf(pid) ?? NaN),
    // The event loop's share: the main thread alone, without the hashing threads.
    loop: pid === undefined ? NaN : (cpuSecondsOf(pid, pid) ?? NaN),
    v8Helpers: pid === undefined ? NaN : v8HelperSeconds(pid),
    client: cpuSecondsOf(undefined) ?? NaN,
  })
  const databaseBefore = databaseProcesses(portal?.database)
  const before = await readAll()
  const rate = await run()
  const after = await readAll()
  const database = databaseCpuBetween(databaseBefore, databaseProcesses(portal?.database))
  const operations = rate * seconds
  const perOperation = (key: keyof typeof before) =>
    (1000 * (after[key] - before[key])) / operations
  return {
    rate,
    msPerOperation: perOperation('service'),
    loopMs: perOperation('loop'),
    v8HelpersMs: perOperation('v8Helpers'),
    databaseMs: (1000 * database.all) / operations,
    ownDatabaseMs: (1000 * database.own) / operations,
    clientMs: perOperation('client'),
    // Counted, not timed: exact whatever the machine's load (runFor waits for the last one).
    statements: (after.statements - before.statements) / operations,
  }
}

type Portal = Awaited<ReturnType<typeof serve>>

/**
 * The two rows' own clients against floor.ts's bare service, in a process of its own, with a
 * login page of as many bytes as the portal's: undefined without PostgreSQL.
 */
async function measureFloor(portalPort: number, seconds: number, concurrency: number) {
  if (!process.env.DATABASE_URL) return undefined
  const page = await request(`http://127.0.0.1:${portalPort}/usweb/login`)
  const pageBytes = (await page.body.arrayBuffer()).byteLength
  const floor = await serve('floor', { BENCH_FLOOR_PAGE_BYTES: String(pageBytes) })
  try {
    return {
      signIn: await measure(floor, seconds, () =>
        passwordSignIns(floor.port, seconds, concurrency),
      ),
      full: await measure(floor, seconds, () =>
        runFor(seconds, concurrency, () => login(floor.port, floor.deviceMark)),
      ),
    }
  } finally {
    floor.child.kill()
  }
}

export async function passwordLogins(portal: Portal) {
  const { port, deviceMark } = portal
  const hash = await hashPassword('Portal#2026')
  const concurrency = 8
  const seconds = 8
  const verifies = () => runFor(seconds, concurrency, () => verify(hash, 'Portal#2026'))
  // The baseline is taken before and after the two rows and averaged: on a shared machine
  // the load moves during the run, and each row should be held against the same cores.
  const verifyBefore = await measure(undefined, seconds, verifies)
  const signIn = await measure(portal, seconds, () => passwordSignIns(port, seconds, concurrency))
  const full = await measure(portal, seconds, () =>
    runFor(seconds, concurrency, () => login(port, deviceMark)),
  )
  const floor = await measureFloor(port, seconds, concurrency)
  const verifyAfter = await measure(undefined, seconds, verifies)
  const verifyRate = (verifyBefore.rate + verifyAfter.rate) / 2
  // The verifies run in this process.
  const msPerVerify = (verifyBefore.clientMs + verifyAfter.clientMs) / 2

  const hashMs = (row: typeof signIn) => row.msPerOperation - row.loopMs - row.v8HelpersMs
  console.log(
    `\nSign-in against raw argon2id verify (${concurrency} at a time, ${seconds} s each; ${availableParallelism()} cores, thread pool ${process.env.UV_THREADPOOL_SIZE ?? 'default 4'}, service hashing concurrency ${process.env.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency}; node ${process.versions.node})`,
  )
  console.log(
    `  baseline raw argon2id verify          ${fmt(verifyRate)} /s   (${fmt(verifyBefore.rate)} before, ${fmt(verifyAfter.rate)} after the rows), ${fmt(msPerVerify, 1)} ms CPU each`,
  )
  console.log(
    `  password sign-in (authenticate)       ${fmt(signIn.rate)} /s;  full sign-in, recognised device (page + 5 calls) ${fmt(full.rate)} /s`,
  )
  // Issue 25's table, each row against the raw verifies of this run.
  const rows: [string, number, string, string][] = [
    ['password sign-ins/s ÷ raw verifies/s', signIn.rate / verifyRate, 'x', '≥ 0.85x'],
    [
      'service CPU: raw verify ÷ password sign-in',
      msPerVerify / signIn.msPerOperation,
      'x',
      '≥ 0.92x',
    ],
    ['full sign-ins/s ÷ raw verifies/s', full.rate / verifyRate, 'x', '≥ 0.75x'],
    ['service CPU: raw verify ÷ full sign-in', msPerVerify / full.msPerOperation, 'x', '≥ 0.85x'],
    ['database CPU per full sign-in', full.databaseMs, ' ms', '≤ 1.5 ms'],
  ]
  // The same rows for a service that does only what none can skip (floor.ts): no code
  // answering the same calls could beat them on this machine.
  const floorRows: [string, number][] = floor
    ? [
        ['password sign-ins/s ÷ raw verifies/s', floor.signIn.rate / verifyRate],
        ['service CPU: raw verify ÷ password sign-in', msPerVerify / floor.signIn.msPerOperation],
        ['full sign-ins/s ÷ raw verifies/s', floor.full.rate / verifyRate],
        ['service CPU: raw verify ÷ full sign-in', msPerVerify / floor.full.msPerOperation],
        ['database CPU per full sign-in', floor.full.databaseMs],
      ]
    : []
  for (const [name, value, unit, goal] of rows) {
    console.log(`  ${name.padEnd(51)}${fmt(value, 2).padStart(7)}${unit.padEnd(4)} (goal ${goal})`)
  }
  if (floor) {
    console.log(
      `  the floor (floor.ts: ${fmt(floor.signIn.rate)} password, ${fmt(floor.full.rate)} full sign-ins/s); the portal's full sign-ins ${fmt(full.rate / floor.full.rate, 2)}x the floor's`,
    )
    for (const [index, [name, value]] of floorRows.entries()) {
      const unit = rows[index]?.[2] ?? ''
      console.log(`  ${`floor: ${name}`.padEnd(51)}${fmt(value, 2).padStart(7)}${unit}`)
    }
    // Issue 45's server rows, each beside the floor of this run. The database's CPU is its
    // connections' own (the bench database's): the whole of PostgreSQL counts other databases
    // too, which on a shared machine moves with their load.
    console.log('  issue 45, against the floor of this run:')
    const issue45: [string, string, string][] = [
      [
        "full sign-ins/s ÷ the floor's",
        `${fmt(full.rate / floor.full.rate, 2)}x (${fmt(full.rate)} vs ${fmt(floor.full.rate)} /s)`,
        '≥ 0.85x',
      ],
      [
        'event loop per full sign-in',
        `${fmt(full.loopMs, 2)} ms (floor ${fmt(floor.full.loopMs, 2)} ms)`,
        '≤ 2.5 ms',
      ],
      [
        'database CPU per full sign-in',
        `${fmt(full.ownDatabaseMs, 2)} ms, ${fmt(full.statements, 1)} statements (floor ${fmt(floor.full.ownDatabaseMs, 2)} ms, ${fmt(floor.full.statements, 1)}); all of PostgreSQL ${fmt(full.databaseMs, 2)} (floor ${fmt(floor.full.databaseMs, 2)})`,
        '≤ 1.2 ms',
      ],
    ]
    for (const [name, value, goal] of issue45)
      console.log(`    ${name.padEnd(34)}${value.padEnd(48)} (goal ${goal})`)
  } else console.log('  floor: not measured (it needs PostgreSQL: DATABASE_URL)')
  // Where the CPU of one operation goes: the service's event loop (its main thread), V8's
  // helper threads (garbage collection beside the loop), its hashing (the service's other
  // threads: the hashing workers, or libuv's pool for the floor), the database server and
  // the load generator (this process), all on the same cores.
  for (const [name, row] of [
    ['password sign-in', signIn],
    ['full sign-in', full],
    ...(floor
      ? ([
          ['floor password', floor.signIn],
          ['floor full', floor.full],
        ] as const)
      : []),
  ] as const) {
    console.log(
      `  CPU per ${name.padEnd(17)} service ${fmt(row.msPerOperation, 1)} ms (event loop ${fmt(row.loopMs, 1)}, V8's helpers ${fmt(row.v8HelpersMs, 1)}, hashing threads ${fmt(hashMs(row), 1)}), database ${fmt(row.databaseMs, 1)} ms (its connections ${fmt(row.ownDatabaseMs, 1)} ms, ${fmt(row.statements, 1)} statements), load generator ${fmt(row.clientMs, 1)} ms`,
    )
  }
}
