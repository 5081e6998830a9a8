// Issue 40, row R2, from the attacker's side: anyone may call /readyz on the service port.
// The review's anonymous request got `connect ECONNREFUSED 127.0.0.1:19189` and "limits count
// per instance" back: what is broken and where, and that the limits had just weakened. Now the
// service port answers the status alone; the checks with their details go to the log (once
// per change) and to the management port (METRICS_PORT), which stays off the public network.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { managementProbes } from '../../src/app.ts'
import { startManagementServer } from '../../src/plugins/metrics.ts'
import { breakDatabase, connectionRefused } from '../break-database.ts'
import { startTestApp, type TestApp } from '../harness.ts'

const logged: string[] = []
let t: TestApp
let management: Server
let managementUrl: string
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk))
      done()
    },
  })
  // Redis and SMTP on closed ports: the service runs, degraded.
  t = await startTestApp({
    env: { LOG_LEVEL: 'warn', REDIS_URL: 'redis://127.0.0.1:1', SMTP_URL: 'smtp://127.0.0.1:1' },
    logStream,
  })
  management = await startManagementServer(t.app.metrics, 0, '127.0.0.1', managementProbes(t.app))
  managementUrl = `http://127.0.0.1:${(management.address() as AddressInfo).port}`
})
afterAll(async () => {
  management?.close()
  await t?.close()
})

const dependencyText = /ECONNREFUSED|127\.0\.0\.1|redis|smtp|per instance|database|postgres|pglite/i

describe('R2: readiness on the public port', () => {
  it('tells an anonymous caller the status only, while Redis and SMTP are down', async () => {
    const answer = await t.client().get('/readyz')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ status: 'degraded' })
    expect(answer.body).not.toMatch(dependencyText)
  })

  it('gives the details on the management port, and to the log once per change', async () => {
    const ready = await fetch(`${managementUrl}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({
      status: 'degraded',
      database: t.database.engine,
      checks: expect.arrayContaining([
        { name: 'database', status: 'up', isRequired: true },
        {
          name: 'redis',
          status: 'down',
          isRequired: false,
          detail: 'unreachable: limits count per instance',
        },
        expect.objectContaining({
          name: 'smtp',
          status: 'down',
          detail: expect.stringContaining('ECONNREFUSED'),
        }),
      ]),
    })
    await t.client().get('/readyz')
    const lines = logged
      .join('')
      .split('\n')
      .filter((line) => line.includes('readiness: degraded'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('ECONNREFUSED')
  })

  it('answers 503 with the status only when the database fails, its error kept to the log', async () => {
    const restore = breakDatabase(t.database, connectionRefused)
    try {
      const answer = await t.client().get('/readyz')
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual({ status: 'unavailable' })
      expect(answer.body).not.toMatch(dependencyText)
      const detailed = await fetch(`${managementUrl}/readyz`)
      expect(detailed.status).toBe(503)
      const { checks } = (await detailed.json()) as { checks: { name: string; detail?: string }[] }
      // The driver's message (its wording differs by engine) is the management port's and the log's.
      const detail = checks.find((check) => check.name === 'database')?.detail ?? ''
      expect(detail).not.toBe('')
      expect(answer.body).not.toContain(detail)
      expect(logged.join('')).toContain('readiness: unavailable')
      expect(logged.join('')).toContain(JSON.stringify(detail).slice(1, -1))
    } finally {
      restore()
    }
  })
})
