// Issue 40, row H3, from the attacker's side: a signed pl hand-off address, once the member has
// followed it, is worth nothing to whoever finds it afterwards (a browser history, a proxy log,
// a Referer) within its minute: the receiver accepts each address once, and with several
// instances the memory of spent nonces is shared (Redis, as the limits are).
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import {
  appForFile,
  manualClock,
  openTestDatabase,
  testConfig,
  TestClient,
  demoPassword,
} from '../harness.ts'

const clock = manualClock()
const t = appForFile({ clock })

/** The member signs in to pl and is handed off: the address the portal sends the browser to. */
async function plHandoffUrl(app: FastifyInstance) {
  const member = new TestClient(app)
  await member.signIn('proliability_demo', demoPassword, '110')
  const { url } = (await member.postJson('/api/portal/handoff')).json() as { url: string }
  return new URL(url, 'http://portal.test')
}

/** What the demo policy application makes of an address, opened in a browser of its own. */
async function receiverShows(app: FastifyInstance, url: URL) {
  const page = (await new TestClient(app).get(`${url.pathname}${url.search}`)).body
  return /data-field="username">([^<]*)</.exec(page)?.[1]
}

describe('H3: a signed pl hand-off address is accepted once', () => {
  it('carries a nonce; the member opens it, and the same address a second later is refused', async () => {
    const url = await plHandoffUrl(t.app)
    expect(Buffer.from(url.searchParams.get('nonceLogin') ?? '', 'base64')).toHaveLength(16)
    expect(await receiverShows(t.app, url)).toBe('proliability_demo')

    clock.advance(1_000)
    expect(await receiverShows(t.app, url)).toBe('refused (replayed)')
    // Another base64 spelling of the same nonce is the same nonce.
    const respelled = new URL(url)
    respelled.searchParams.set('nonceLogin', `${url.searchParams.get('nonceLogin')}\n`)
    expect(await receiverShows(t.app, respelled)).toBe('refused (replayed)')
  })

  it('refuses a nonce swapped in from another address (the MAC covers it) without spending either', async () => {
    const [first, second] = [await plHandoffUrl(t.app), await plHandoffUrl(t.app)]
    const swapped = new URL(first)
    swapped.searchParams.set('nonceLogin', second.searchParams.get('nonceLogin') ?? '')
    expect(await receiverShows(t.app, swapped)).toBe('refused (forged)')
    // Both rightful addresses still open, once each.
    expect(await receiverShows(t.app, first)).toBe('proliability_demo')
    expect(await receiverShows(t.app, second)).toBe('proliability_demo')
  })

  it('each new sign-in gets an address of its own that opens once', async () => {
    for (let i = 0; i < 2; i++) {
      const url = await plHandoffUrl(t.app)
      expect(await receiverShows(t.app, url)).toBe('proliability_demo')
      expect(await receiverShows(t.app, url)).toBe('refused (replayed)')
    }
  })
})

describe('H3 with two instances sharing Redis', () => {
  const instances: FastifyInstance[] = []
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()))
    await database?.close()
  })

  it('an address opened on one instance is refused on the other', async () => {
    const shared = await openTestDatabase()
    database = shared
    const env = {
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    }
    const [first, second] = await Promise.all(
      [0, 1].map(() => buildApp({ config: testConfig(env), database: shared })),
    )
    if (!first || !second) throw new Error('two instances expected')
    instances.push(first, second)
    await Promise.all([first.ready(), second.ready()])

    const url = await plHandoffUrl(first)
    expect(await receiverShows(first, url)).toBe('proliability_demo')
    expect(await receiverShows(second, url)).toBe('refused (replayed)')
  })
})
