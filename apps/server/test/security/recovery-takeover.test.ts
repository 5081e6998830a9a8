// Issue 32, written as the attacker's scripts (security review R1, H2, M4, M9, E1, D1, J1,
// A1, H3): the channels that reset a password, the first enrolment and the hand-off must not
// be turned into a takeover. Each test drives the real service over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import { demoPassword } from '../../src/store/demo-data.ts'
import { maxBodyDepth } from '../../src/plugins/api-schemas.ts'
import { manualClock, startTestApp, type TestApp } from '../harness.ts'

const clock = manualClock()
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ clock })
})
afterAll(() => t.close())

describe('J1: a deeply nested body is refused before anything walks it', () => {
  // Written as text: a serialiser walking 5,000 levels would overflow before the service did.
  const nested = (depth: number) => `{"emailAddress":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`
  const post = (client: ReturnType<TestApp['client']>, url: string, payload: string) =>
    client.send({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })

  it('answers 400 with the generic message, anonymously and signed in, on every JSON route tried', async () => {
    const anonymous = t.client()
    for (const url of [
      '/api/us-web-authentication/findEmail',
      '/api/us-web-authentication/sendTempPassword',
      '/api/mfa/updateUser',
    ]) {
      const answer = await post(anonymous, url, nested(5000))
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json().message).toBe(messages.login.somethingWentWrong)
      expect(answer.body).not.toMatch(/RangeError|stack|at /)
    }
    const member = t.client()
    await member.login('bclip_demo', demoPassword)
    const answer = await post(member, '/api/customer-api/find', nested(maxBodyDepth + 1))
    expect(answer.statusCode).toBe(400)
  })

  it('still judges a body within the depth by its schema (the usual field message)', async () => {
    const answer = await post(t.client(), '/api/us-web-authentication/findEmail', nested(3))
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).not.toBe(messages.login.somethingWentWrong)
  })
})

describe('H3: the pl hand-off is signed and short-lived', () => {
  async function plHandoffUrl() {
    const client = t.client()
    await client.signIn('proliability_demo', demoPassword, '110')
    const { url } = (await client.postJson('/api/portal/handoff')).json() as { url: string }
    return new URL(url, 'http://portal.test')
  }
  const receiverShows = async (url: URL) => {
    const page = (await t.client().get(`${url.pathname}${url.search}`)).body
    return /data-field="username">([^<]*)</.exec(page)?.[1]
  }

  it('carries an expiry a minute ahead and a MAC, and the receiver opens it', async () => {
    const url = await plHandoffUrl()
    const expires = Number(url.searchParams.get('expiresLogin'))
    expect(expires * 1000 - clock.now().getTime()).toBeGreaterThan(55_000)
    expect(expires * 1000 - clock.now().getTime()).toBeLessThanOrEqual(60_000)
    expect(url.searchParams.get('macLogin')).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(await receiverShows(url)).toBe('proliability_demo')
  })

  it('refuses the IV flip that turned proliability_demo into victim_pl, and a replay after a minute', async () => {
    const url = await plHandoffUrl()
    const iv = Buffer.from(url.searchParams.get('initVectorLogin') ?? '', 'base64')
    const [was, wanted] = ['proliability_de', 'victim_pl\x07\x07\x07\x07\x07\x07\x07'].map((s) =>
      Buffer.from(s.padEnd(16, '\x00').slice(0, 16), 'latin1'),
    )
    const forged = Buffer.from(iv.map((byte, i) => byte ^ (was?.[i] ?? 0) ^ (wanted?.[i] ?? 0)))
    const tampered = new URL(url)
    tampered.searchParams.set('initVectorLogin', forged.toString('base64'))
    expect(await receiverShows(tampered)).toBe('refused (forged)')

    clock.advance(61_000)
    expect(await receiverShows(url)).toBe('refused (expired)')
  })
})

describe('logout clears what the browser keeps', () => {
  it('answers Clear-Site-Data for cookies and storage, and the old cookie is worth nothing', async () => {
    const client = t.client()
    await client.signIn('bclip_demo', demoPassword)
    const before = new Map(client.cookies)
    const answer = await client.postJson('/api/logout')
    expect(answer.statusCode).toBe(204)
    expect(answer.headers['clear-site-data']).toBe('"cookies", "storage"')
    const replay = t.client()
    for (const [name, value] of before) replay.cookies.set(name, value)
    expect((await replay.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })
})
