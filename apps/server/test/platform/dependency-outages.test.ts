// Issue 22: a dependency away is a 503 with Retry-After and the flavour's failure text
// (spec §8), counted per dependency; a fault of ours stays a 500. The outage is made by
// breaking the database client under the running app (both engines); the real outages
// (PostgreSQL stopped, restarted, killed) are in test/operations/faults.postgres.test.ts.
import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import { appForFile, demoPassword } from '../harness.ts'
import { adminShutdown, breakDatabase as breakOn, connectionRefused } from '../break-database.ts'

const t = appForFile()

const breakDatabase = (error: () => Error) => breakOn(t.database, error)
const refused = connectionRefused

async function dependencyErrors(dependency: string): Promise<number> {
  const metric = await t.app.metrics.registry
    .getSingleMetric('portal_dependency_errors_total')
    ?.get()
  return metric?.values.find((v) => v.labels.dependency === dependency)?.value ?? 0
}

describe('the database away', () => {
  it('answers a usweb sign-in 503 with Retry-After and the technical-difficulties text, counted', async () => {
    const client = t.client()
    await client.get('/usweb/login')
    const before = await dependencyErrors('database')
    const restore = breakDatabase(refused)
    try {
      const response = await client.postForm('/api/us-web-authentication/authenticate', {
        userName: 'bclip_demo',
        password: demoPassword,
        velLevel1Org: '100',
      })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({
        error: 'Service Unavailable',
        message: messages.login.technicalDifficulties,
        messageKey: 'login.technicalDifficulties',
        retryAfterSeconds: 5,
        reference: String(response.headers['x-request-id']).slice(0, 8),
      })
      expect(response.body).not.toMatch(/ECONNREFUSED|5432|\.(ts|js):\d+/)
    } finally {
      restore()
    }
    expect(await dependencyErrors('database')).toBe(before + 1)
  })

  it("answers pl's calls with 'Something went wrong, please try after sometime.'", async () => {
    const client = t.client()
    await client.get('/proliability/login')
    const restore = breakDatabase(adminShutdown)
    try {
      const signIn = await client.postForm(
        '/api/us-web-authentication/authenticateForPLWithValidations',
        { userName: 'proliability_demo', password: demoPassword },
      )
      expect(signIn.statusCode).toBe(503)
      expect(signIn.headers['retry-after']).toBe('5')
      expect(signIn.json()).toMatchObject({ message: messages.login.somethingWentWrong })
      // A call both flavours make is pl's when its page is, and usweb's otherwise.
      const recovery = (referer: string) =>
        client.send({
          method: 'POST',
          url: '/api/us-web-authentication/findEmail',
          headers: { referer },
          payload: {
            emailAddress: 'someone@example.com',
            deliveryMethod: 'email',
            appName: 'usweb',
          },
        })
      const fromPl = await recovery('https://portal.example/proliability/forgot-username')
      expect(fromPl.statusCode).toBe(503)
      expect(fromPl.json()).toMatchObject({ message: messages.login.somethingWentWrong })
      const fromUsweb = await recovery('https://portal.example/usweb/forgot-username')
      expect(fromUsweb.statusCode).toBe(503)
      expect(fromUsweb.json()).toMatchObject({ message: messages.login.technicalDifficulties })
    } finally {
      restore()
    }
  })

  it('keeps a fault of ours a 500, not counted as an outage', async () => {
    const client = t.client()
    await client.get('/usweb/login')
    const before = await dependencyErrors('database')
    const restore = breakDatabase(
      () => new TypeError("Cannot read properties of undefined (reading 'rows')"),
    )
    try {
      const response = await client.postForm('/api/us-web-authentication/authenticate', {
        userName: 'bclip_demo',
        password: demoPassword,
        velLevel1Org: '100',
      })
      expect(response.statusCode).toBe(500)
      expect(response.headers['retry-after']).toBeUndefined()
      expect(response.json()).toMatchObject({ error: 'Internal Server Error' })
    } finally {
      restore()
    }
    expect(await dependencyErrors('database')).toBe(before)
  })

  it('signs in at once when the database is back, and a session from before carries on', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    await client.checkProgram()
    const restore = breakDatabase(refused)
    const during = await client.mfaDecision()
    restore()
    expect(during.statusCode).toBe(503)
    const after = await client.mfaDecision()
    expect(after.statusCode).toBe(200)
    expect(after.json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
    const again = await t.client().postForm('/api/us-web-authentication/authenticate', {
      userName: 'bclip_demo',
      password: demoPassword,
      velLevel1Org: '100',
    })
    expect(again.json()).toMatchObject({ message: 'Authentication Successful' })
  })
})
