// When the database or anything else fails, the portal gets a plain 5xx it turns into the
// technical-difficulties message (spec §8): never a stack trace, never a secret.
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp, demoPassword } from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close().catch(() => undefined))

describe('a failing database', () => {
  it('answers authenticate with a plain 500 and no stack trace', async () => {
    const client = t.client()
    await client.get('/usweb/login')
    await t.database.close()
    const response = await client.login('bclip_demo', demoPassword)
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: 'Internal Server Error',
      message: 'The service could not complete the request. Please try again later.',
      messageKey: 'service.couldNotComplete',
      // A short reference the support desk searches: the start of the logged request id.
      reference: String(response.headers['x-request-id']).slice(0, 8),
    })
    expect(response.body).not.toMatch(/\bat\b.*\.(ts|js):\d+/)
    expect((await client.get('/readyz')).statusCode).toBe(503)
  })
})

/** An app whose log is kept: the raw text, and its lines parsed. */
async function appWithLog(level: 'trace' | 'info') {
  const chunks: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  const app = await startTestApp({ env: { LOG_LEVEL: level }, logStream: sink })
  return {
    app,
    text: () => chunks.join(''),
    entries: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}

describe('logs', () => {
  it('never carry the password, the session cookie or the anti-forgery token', async () => {
    const { app: logged, text } = await appWithLog('trace')
    try {
      const client = logged.client()
      await client.login('bclip_demo', demoPassword)
      await client.postJson('/api/portal/handoff')
      const log = text()
      expect(log).toContain('/api/us-web-authentication/authenticate')
      expect(log).not.toContain(demoPassword)
      expect(log).not.toContain(encodeURIComponent(demoPassword))
      for (const value of client.cookies.values()) expect(log).not.toContain(value)
    } finally {
      await logged.close()
    }
  })

  it("carry a failed statement's text and the database's error, never the values it was sent", async () => {
    const { app: logged, text, entries } = await appWithLog('info')
    try {
      // Every audit row refused: the sign-in's statement (the member's reset, their audit row
      // and the new session, with the username, the user id and the session id's hash as its
      // values) fails as a bug would.
      await logged.database.db.execute(
        sql`ALTER TABLE audit_log ADD CONSTRAINT refuse_every_row CHECK (false) NOT VALID`,
      )
      const client = logged.client()
      await client.get('/usweb/login')
      const response = await client.login('bclip_demo', demoPassword)
      expect(response.statusCode).toBe(500)
      const failed = entries().find((entry) => entry.msg === 'request failed') as
        { err?: Record<string, unknown> } | undefined
      expect(failed?.err?.message).toMatch(/^Failed query: .*insert into "audit_log"/i)
      expect(failed?.err?.message).toMatch(/refuse_every_row/) // the database's own words (the cause)
      expect(failed?.err).not.toHaveProperty('params')
      const log = text()
      expect(log).not.toContain('params:')
      expect(log).not.toContain('bclip_demo')
      expect(log).not.toContain(demoPassword)
    } finally {
      await logged.close()
    }
  })

  it('write one line per request, when it is answered, with its id, method, path and status', async () => {
    const { app: logged, entries: logEntries } = await appWithLog('info')
    try {
      const response = await logged.app.inject({ url: '/api/mfa/getCountries' })
      const entries = logEntries().filter(
        (entry) => entry.reqId === response.headers['x-request-id'],
      )
      expect(entries).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/api/mfa/getCountries' }),
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
          service: 'program-portal',
          version: 'dev',
          env: 'test',
        }),
      ])
      // Probes (every few seconds from an orchestrator) leave no line.
      const probes = await Promise.all(
        ['/healthz', '/readyz'].map((url) => logged.app.inject({ url })),
      )
      const probeIds = new Set(probes.map((answer) => answer.headers['x-request-id']))
      expect(logEntries().filter((entry) => probeIds.has(entry.reqId as string))).toEqual([])
    } finally {
      await logged.close()
    }
  })
})
