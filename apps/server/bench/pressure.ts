import autocannon from 'autocannon'
import { fmt, percentile } from './lib.ts'

// --- 4. Under pressure: a wrong-password flood vs the cheap calls ------------------------

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

export async function underPressure(port: number, label = '') {
  const base = `http://127.0.0.1:${port}` // loopback only
  const seconds = 10
  const connections = 64
  const paths = ['/healthz', '/api/mfa/getCountries']
  const idle = await probe(base, paths, Date.now() + seconds * 1000)

  // The anti-forgery pair, taken once and sent with every flood request.
  const page = await fetch(`${base}/usweb/login`) // the page hands out the token
  const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.getSetCookie().join(';'))?.[1] ?? ''
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
    `\nUnder pressure${label}: wrong passwords, ${connections} connections for ${seconds} s (sign-in limits raised, so the flood reaches hashing)`,
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
