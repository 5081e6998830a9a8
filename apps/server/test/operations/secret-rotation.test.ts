// Issue 41, key rotation: SESSION_SECRET is a list, newest first. During a rotation
// (`new,old`) the service seals and signs with the new secret and still opens what the old one
// sealed: a session opened before the rotation goes on (its anti-forgery token, its sealed
// password for the hand-off) and mail queued before it is sent. With `new` alone, both end.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import {
  openTestDatabase,
  SoftwareAuthenticator,
  testConfig,
  TestClient,
  demoPassword,
  outboxMessages,
  type Database,
} from '../harness.ts'
import { smtpReceiver } from '../smtp-receiver.ts'

const secret = () => randomBytes(32).toString('base64')
const [oldSecret, newSecret] = [secret(), secret()]
let database: Database
let smtp: Awaited<ReturnType<typeof smtpReceiver>>
const apps: FastifyInstance[] = []

/** An instance on the shared database with this SESSION_SECRET. */
async function instance(sessionSecret: string) {
  const app = await buildApp({
    config: testConfig({ SESSION_SECRET: sessionSecret, SMTP_URL: smtp.url }),
    database,
  })
  apps.push(app)
  return app
}

/** A browser on `app` that has passed the password and the program check, owing a code. */
async function owingACode(app: FastifyInstance, userName: string) {
  const browser = new TestClient(app)
  await browser.get('/usweb/login')
  expect((await browser.login(userName, demoPassword)).json()).toMatchObject({
    message: 'Authentication Successful',
  })
  await browser.checkProgram()
  expect((await browser.mfaDecision()).json()).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
  return browser
}

const statusOf = async (recipient: string) =>
  (await outboxMessages({ database }))
    .filter((row) => row.recipient === recipient)
    .map((row) => row.status)

beforeAll(async () => {
  database = await openTestDatabase()
  smtp = await smtpReceiver()
})
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
  await smtp.close()
  await database.close()
})

describe('SESSION_SECRET rotation', () => {
  it('with new,old: the session from before goes on to the hand-off, and mail queued before is sent', async () => {
    const before = await instance(oldSecret)
    const browser = await owingACode(before, 'bclip_demo')
    // Queued under the old secret, not yet sent.
    await browser.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    expect(await statusOf('bclip.demo@example.com')).toEqual(['pending'])

    const rotated = await instance(`${newSecret},${oldSecret}`)
    await rotated.outbox.worker.drain()
    expect(await statusOf('bclip.demo@example.com')).toEqual(['sent'])
    expect(smtp.received.filter((mail) => mail.to === 'bclip.demo@example.com')).toHaveLength(1)

    // The same browser, now served by the rotated instance: its token and session still hold.
    const same = new TestClient(rotated, browser.cookies)
    const resent = await same.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    expect(resent.statusCode).toBe(200)
    const code = await same.latestCode('bclip.demo@example.com')
    const entered = await same.postJson('/api/mfa/enterverificationcode', {
      verificationCode: code,
    })
    expect(entered.json()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    // The hand-off opens the password sealed in the session before the rotation.
    const handoff = await same.postJson('/api/portal/handoff')
    expect(handoff.statusCode).toBe(200)
  })

  it('with new alone: the old session is refused its next change and the queued mail is dead', async () => {
    const before = await instance(oldSecret)
    const browser = await owingACode(before, 'equipmentrenew_demo')
    await browser.postJson('/api/mfa/submitVerification', { rgValue: 'email' })
    expect(await statusOf('equipmentrenew.demo@example.com')).toEqual(['pending'])

    const replaced = await instance(newSecret)
    await replaced.outbox.worker.drain()
    expect(await statusOf('equipmentrenew.demo@example.com')).toEqual(['dead'])
    expect(smtp.received.filter((mail) => mail.to === 'equipmentrenew.demo@example.com')).toEqual(
      [],
    )
    const same = new TestClient(replaced, browser.cookies)
    const refused = await same.send({
      method: 'POST',
      url: '/api/mfa/submitVerification',
      payload: { rgValue: 'email' },
    })
    expect(refused.statusCode).toBe(403)
  })

  it('with new,old: a passkey made under the old secret signs in; with new alone it is refused', async () => {
    const enrolling = new TestClient(await instance(oldSecret))
    await enrolling.login('dtcria_demo', demoPassword)
    expect(await enrolling.passSecondFactor('rotation-enrolment')).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    const authenticator = new SoftwareAuthenticator('http://localhost:8080')
    const options = (await enrolling.postJson('/api/passkeys/registration/options', {})).json()
    const saved = await enrolling.postJson('/api/passkeys/registration', {
      response: authenticator.register(options),
    })
    expect(saved.statusCode).toBe(200)
    // A user handle of 32 bytes (WebAuthn: 1 to 64), keyed by the secret.
    expect(Buffer.from(authenticator.userHandle ?? '', 'base64url')).toHaveLength(32)

    /** Password, then the passkey, on a browser the member has not used. */
    const withPasskey = async (app: FastifyInstance) => {
      const browser = new TestClient(app)
      await browser.login('dtcria_demo', demoPassword)
      await browser.checkProgram()
      const decision = (await browser.mfaDecision('rotation-new-browser')).json()
      expect(decision).toMatchObject({ statusCode: 'CHALLENGE_LOGIN' })
      const challenge = (await browser.postJson('/api/passkeys/authentication/options', {})).json()
      const answer = await browser.send({
        method: 'POST',
        url: '/api/passkeys/authentication',
        headers: { mfadeviceprint: 'rotation-new-browser' },
        payload: { response: authenticator.assert(challenge) },
      })
      return answer.json() as { statusCode: string }
    }
    expect(await withPasskey(await instance(`${newSecret},${oldSecret}`))).toMatchObject({
      statusCode: 'AUTHENTICATION_SUCCESS',
    })
    expect((await withPasskey(await instance(newSecret))).statusCode).not.toBe(
      'AUTHENTICATION_SUCCESS',
    )
  })
})
