// DESIGN.md: the service is stateless apart from the database, so two instances behind a
// load balancer serve one user's flow alternately.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import {
  openTestDatabase,
  testConfig,
  TestClient,
  demoPassword,
  type Database,
} from '../harness.ts'

let database: Database
let instances: FastifyInstance[]
beforeAll(async () => {
  database = await openTestDatabase()
  instances = await Promise.all([1, 2].map(() => buildApp({ config: testConfig(), database })))
})
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()))
  await database.close()
})

describe('two instances on one database', () => {
  it('carry one sign-in from password to hand-off, call by call on alternating instances', async () => {
    // One browser (one cookie jar) whose requests land on the instances in turn.
    const jar = new Map<string, string>()
    const clients = instances.map((app) => new TestClient(app, jar))
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
    const decision = await step((c) => c.get('/api/mfa/getMFAUser'))
    expect(decision.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    await step((c) => c.postJson('/api/mfa/submitVerification', { rgValue: 'email' }))
    const code = await step((c) => c.latestCode())
    const entered = await step((c) =>
      c.postJson('/api/mfa/enterverificationcode', { verificationCode: code }),
    )
    expect(entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    const handoff = await step((c) => c.postJson('/api/portal/handoff'))
    expect(handoff.statusCode).toBe(200)
  })
})
