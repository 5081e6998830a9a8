import autocannon from 'autocannon'
import { fmt, serve } from './lib.ts'

// --- 2. Cheap calls ----------------------------------------------------------------------
// Budget: ≥ 10,000 req/s with p99 < 20 ms on 2 cores. The baseline is a bare Fastify handler
// answering a JSON of the same size, measured before and after each call, and each call's
// ratio is against the mean of the two beside it: the machine is shared, and its load drifts.

interface Hammered {
  rps: number
  p99: number
  /** Anything but a 200: transport errors, timeouts and other status codes. */
  errors: number
}

async function hammer(url: string): Promise<Hammered> {
  await autocannon({ url, connections: 32, duration: 1 }) // warm-up, not counted
  const result = await autocannon({ url, connections: 32, duration: 5 })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - result['2xx']),
  }
}

const line = (label: string, r: Hammered, baseline?: number) =>
  `  ${label.padEnd(48)} ${fmt(r.rps, 0).padStart(6)} req/s  p99 ${String(r.p99).padStart(3)} ms` +
  (baseline ? `  ratio ${fmt(r.rps / baseline, 2)}x` : '') +
  (r.errors ? `  errors ${r.errors}` : '')

export async function cheapCalls(portalPort: number) {
  const baselineServer = await serve('baseline')
  try {
    const baselineUrl = `http://127.0.0.1:${baselineServer.port}/hello`
    const baselines = [await hammer(baselineUrl)]
    const calls: [string, Hammered][] = []
    for (const path of [
      '/healthz',
      '/api/mfa/getCountries',
      '/api/customer-api/getPOMailingAddress/augustar',
    ]) {
      calls.push([path, await hammer(`http://127.0.0.1:${portalPort}${path}`)])
      baselines.push(await hammer(baselineUrl))
    }
    console.log('\nCheap calls (32 connections, 5 s each, service in its own process)')
    baselines.forEach((b, i) => console.log(line(`baseline bare Fastify (${i + 1})`, b)))
    const beside = (i: number) => ((baselines[i]?.rps ?? NaN) + (baselines[i + 1]?.rps ?? NaN)) / 2
    calls.forEach(([path, r], i) => console.log(line(path, r, beside(i))))
    console.log(
      '  budget: ≥ 10,000 req/s and p99 < 20 ms on 2 cores; each ratio against the baselines beside it',
    )
    // Issue 45's row: the cheap calls' ratios to bare Fastify, lowest to highest.
    const ratios = calls.map(([, r], i) => r.rps / beside(i))
    console.log(
      `  issue 45: cheap calls ÷ bare Fastify ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}x (goal ≥ 0.7x)`,
    )
  } finally {
    baselineServer.child.kill()
  }
}
