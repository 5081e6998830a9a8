import { fmt, percentile, serve } from './lib.ts'

// --- 7. Soak: mixed traffic at a steady rate for BENCH_SOAK_MINUTES (default 15) ----------
//
// Sign-ins (password, customer lookup, second-factor decision on a trusted device), codes
// (a sign-in from a new device asks for a code by email), recovery (a username sent to an
// address) and reference data (countries), started at a steady rate whatever the answers
// take (an open loop). Prints the portal's RSS, heap, open handles and event-loop delay after
// the first tenth of the run and at its end, as ratios, and the p99 of each call.

const metricsToken = 'soak-bench-metrics-token'

class Session {
  private readonly cookies = new Map<string, string>()
  constructor(
    private readonly base: string,
    private readonly device: string,
    deviceMark?: string,
  ) {
    if (deviceMark) this.cookies.set('portal_device', deviceMark)
  }
  async call(path: string, body?: object, form = false): Promise<number> {
    const headers: Record<string, string> = { mfadeviceprint: this.device }
    if (body) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.call('/usweb/login')
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '')
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
    }
    headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(`${this.base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body
        ? form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body)
        : undefined,
    })
    await response.arrayBuffer()
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';')
      const [name = '', ...value] = pair.split('=')
      if (name) this.cookies.set(name, value.join('='))
    }
    return response.status
  }
}

async function signInTo(base: string, device: string, deviceMark?: string): Promise<Session> {
  const session = new Session(base, device, deviceMark)
  await session.call(
    '/api/us-web-authentication/authenticate',
    { userName: 'bclip_demo', password: 'Portal#2026', velLevel1Org: '100' },
    true,
  )
  await session.call('/api/customer-api/find', {
    clientPrefix: 'BCLIP',
    customerNumber: 'BC10001',
    level1Org: '100',
  })
  await session.call('/api/mfa/getMFAUser')
  return session
}

let sent = 0
interface Portal {
  base: string
  /** The trusted bench device's cookie mark (serve.ts). */
  deviceMark: string
}
const calls: Record<string, (portal: Portal) => Promise<unknown>> = {
  'sign-in': ({ base, deviceMark }) => signInTo(base, 'bench-device', deviceMark),
  code: async ({ base }) => {
    const session = await signInTo(base, `soak-device-${sent++}`)
    await session.call('/api/mfa/submitVerification', { rgValue: 'email' })
  },
  recovery: ({ base }) =>
    new Session(base, 'none').call('/api/us-web-authentication/sendUserName', {
      emailAddress: `soak.${sent++}@example.com`,
      deliveryMethod: 'email',
      appName: 'usweb',
    }),
  'reference data': ({ base }) => new Session(base, 'none').call('/api/mfa/getCountries'),
}
// Of every ten calls: 3 sign-ins, 1 code, 2 recoveries, 4 reference data.
const mix = ['sign-in', 'reference data', 'recovery', 'sign-in', 'reference data', 'code'].concat([
  'reference data',
  'sign-in',
  'recovery',
  'reference data',
])

interface Health {
  rss: number
  heap: number
  handles: number
  loopP99: number
}

async function health(base: string): Promise<Health> {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text()
  const read = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  return {
    rss: read('portal_process_resident_memory_bytes'),
    heap: read('portal_nodejs_heap_size_used_bytes'),
    handles: read('portal_nodejs_active_handles_total'),
    loopP99: read('portal_nodejs_eventloop_lag_p99_seconds') * 1000,
  }
}

export async function soak(): Promise<void> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 15)
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 10)
  const portal = await serve('portal', {
    BENCH_PORTAL_SETTINGS: JSON.stringify({
      METRICS_TOKEN: metricsToken,
      RATE_LIMIT_PER_CLIENT: '1000000000',
      RATE_LIMIT_PER_TARGET: '1000000000',
      MESSAGE_LIMIT_PER_USER: '1000000000',
      MESSAGE_LIMIT_PER_RECIPIENT_DAY: '1000000000',
      MESSAGE_RESEND_COOLDOWN_SECONDS: '0',
    }),
  })
  const base = `http://127.0.0.1:${portal.port}`
  try {
    const latencies = new Map(Object.keys(calls).map((name) => [name, [] as number[]]))
    let failures = 0
    const inFlight = new Set<Promise<void>>()
    const durationMs = minutes * 60_000
    const started = Date.now()
    let first: Health | undefined
    for (let i = 0; Date.now() - started < durationMs; i++) {
      const name = mix[i % mix.length] ?? 'reference data'
      const at = performance.now()
      const call = (calls[name] ?? (() => Promise.resolve()))({
        base,
        deviceMark: portal.deviceMark,
      }).then(
        () => void latencies.get(name)?.push(performance.now() - at),
        () => void failures++,
      )
      inFlight.add(call)
      void call.finally(() => inFlight.delete(call))
      if (!first && Date.now() - started >= durationMs / 10) first = await health(base)
      // The next start on the schedule, whatever the answers take.
      const next = started + ((i + 1) * 1000) / rate
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())))
    }
    await Promise.all(inFlight)
    const last = await health(base)
    const start = first ?? last
    console.log(
      `\nSoak: ${fmt(minutes, 2)} min of mixed traffic at ${rate} calls/s (${failures} failed)`,
    )
    const row = (label: string, a: number, b: number, unit: string, digits = 1) =>
      console.log(
        `  ${label.padEnd(22)} at a tenth ${fmt(a, digits)} ${unit}   at the end ${fmt(b, digits)} ${unit}   ratio ${fmt(b / a, 2)}x`,
      )
    row('RSS', start.rss / 2 ** 20, last.rss / 2 ** 20, 'MiB')
    row('heap used', start.heap / 2 ** 20, last.heap / 2 ** 20, 'MiB')
    row('open handles', start.handles, last.handles, '', 0)
    row('event-loop delay p99', start.loopP99, last.loopP99, 'ms', 2)
    for (const [name, values] of latencies) {
      console.log(
        `  ${name.padEnd(22)} p99 ${fmt(percentile(values, 99), 1)} ms   (${values.length} calls)`,
      )
    }
  } finally {
    portal.child.kill()
  }
}
