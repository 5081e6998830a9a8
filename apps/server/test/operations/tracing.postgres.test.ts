// Issue 41, traces: one sign-in is one trace. Two instances on one database serve a browser's
// calls in turn; every call carries the same W3C `traceparent` (as an ingress or the browser
// sends it), so the spans of both instances, the password hash and each PostgreSQL statement
// share its trace id. No span holds a secret: not the password, the code, nor a cookie.
import { randomBytes } from 'node:crypto'
import { SpanKind } from '@opentelemetry/api'
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { demoPassword } from '../../src/store/demo-data.ts'
import type { Database } from '../../src/store/db.ts'
import { startTracing, stopTracing } from '../../src/tracing.ts'
import { openTestDatabase, testConfig, TestClient } from '../harness.ts'

/** A browser whose every call names the trace it belongs to. */
class TracedClient extends TestClient {
  constructor(
    app: FastifyInstance,
    cookies: Map<string, string>,
    private readonly traceparent: string,
  ) {
    super(app, cookies)
  }
  static sent = 0
  override send(options: InjectOptions & { method: string; url: string }) {
    TracedClient.sent++
    return super.send({
      ...options,
      headers: { ...options.headers, traceparent: this.traceparent },
    })
  }
}

const exporter = new InMemorySpanExporter()
let database: Database
let instances: FastifyInstance[]
beforeAll(async () => {
  // Before the apps are built, as server.ts does before buildApp.
  await startTracing({
    exporter,
    service: { name: 'program-portal', version: 'test', environment: 'test' },
  })
  database = await openTestDatabase()
  instances = await Promise.all([1, 2].map(() => buildApp({ config: testConfig(), database })))
})
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()))
  await database.close()
  await stopTracing()
})

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const isStatement = (span: ReadableSpan) => span.attributes['db.system.name'] === 'postgresql'

describe('traces', () => {
  it('make one sign-in, called on two instances in turn, one trace down to each statement', async () => {
    const traceId = hex(16)
    const traceparent = `00-${traceId}-${hex(8)}-01`
    const jar = new Map<string, string>()
    const clients = instances.map((app) => new TracedClient(app, jar, traceparent))
    let calls = 0
    const step = <T>(call: (client: TestClient) => Promise<T>) =>
      call(clients[calls++ % clients.length] as TestClient)
    await step((c) => c.get('/usweb/login'))
    const login = await step((c) => c.login('bclip_demo', demoPassword))
    expect(login.json()).toMatchObject({ message: 'Authentication Successful' })
    const found = await step((c) =>
      c.postJson('/api/customer-api/find', {
        clientPrefix: 'bclip',
        customerNumber: 'BC10001',
        level1Org: '100',
      }),
    )
    expect(found.json()).toMatchObject({ verdict: 'allowed' })
    const decision = await step((c) => c.mfaDecision())
    expect(decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await step((c) => c.postJson('/api/mfa/submitVerification', { rgValue: 'email' }))
    const code = await step((c) => c.latestCode())
    const entered = await step((c) =>
      c.postJson('/api/mfa/enterverificationcode', { verificationCode: code }),
    )
    expect(entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    expect((await step((c) => c.postJson('/api/portal/handoff'))).statusCode).toBe(200)

    const spans = exporter.getFinishedSpans()
    const inTrace = spans.filter((span) => span.spanContext().traceId === traceId)
    const requests = inTrace.filter((span) => span.kind === SpanKind.SERVER)
    // Every call is a span of the one trace, and both instances served some.
    expect(requests).toHaveLength(TracedClient.sent)
    expect(spans.filter((span) => span.kind === SpanKind.SERVER)).toHaveLength(requests.length)
    expect(new Set(requests.map((span) => span.attributes['portal.instance.id'])).size).toBe(2)
    expect(requests.map((span) => span.name)).toContain(
      'POST /api/us-web-authentication/authenticate',
    )
    for (const span of requests) expect(span.attributes['portal.request_id']).toBeTypeOf('string')
    // The password hash and the statements sit below the request that did them.
    const requestIds = new Set(requests.map((span) => span.spanContext().spanId))
    const hashes = inTrace.filter((span) => span.name === 'password hash')
    expect(hashes.length).toBeGreaterThan(0)
    const statements = inTrace.filter(isStatement)
    expect(statements.length).toBeGreaterThan(10)
    for (const span of [...hashes, ...statements]) {
      expect(requestIds).toContain(span.parentSpanContext?.spanId)
    }
    const signIn = requests.find((span) =>
      span.attributes['http.route']?.toString().endsWith('/authenticate'),
    )
    const underSignIn = inTrace.filter(
      (span) => span.parentSpanContext?.spanId === signIn?.spanContext().spanId,
    )
    expect(underSignIn.some(isStatement)).toBe(true)
    expect(underSignIn.map((span) => span.name)).toContain('password hash')

    // No secret in any span: the password, the code, any cookie's value.
    const secrets = [demoPassword, code, ...jar.values()].filter((value) => value.length >= 6)
    expect(secrets.length).toBeGreaterThan(2)
    const written = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]))
    for (const secret of secrets) expect(written).not.toContain(secret)
  })
})
