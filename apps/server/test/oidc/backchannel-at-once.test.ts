// Issue 44: back-channel logout at once. When the member logs out at the portal or their
// account locks, the site's back-channel endpoint has the portal's logout token as soon as the
// request that did it has been answered, not at the next sweep (which stays the retry). The
// test never runs the sweep (`signOutEnded`): it waits only for the sign-outs the event started.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword, manualClock, TestClient } from '../harness.ts'
import { codeFor, portalWithSites, siteStarts, tokensOf, type Site } from './sites.ts'

let portal: Awaited<ReturnType<typeof portalWithSites>>
let bclip: Site
const clock = manualClock()
let receiver: Server
const logoutTokens: string[] = []
/** How many logout tokens the site's endpoint refuses before it takes them again. */
let refusing = 0

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (refusing > 0) {
        refusing--
        response.writeHead(503).end()
        return
      }
      logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '')
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening))
  const { port } = receiver.address() as AddressInfo
  portal = await portalWithSites(
    { 'bclip-site': 'bclip' },
    { clock, backchannelLogoutUri: `http://127.0.0.1:${port}/backchannel-logout` },
  )
  bclip = portal.site('bclip-site')
})
afterAll(async () => {
  await portal.close()
  await new Promise((closed) => receiver.close(closed))
})

const subjectOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub

describe('back-channel logout at once', () => {
  it('reaches the site when the member logs out at the portal', async () => {
    const [app, other] = portal.instances
    const subject = (await tokensOf(await codeFor(app, bclip))).claims()?.sub
    logoutTokens.length = 0
    clock.advance(2_000)
    // Later, the member signs in at the portal (the other instance) and logs out there.
    const again = new TestClient(other)
    expect((await again.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    expect((await again.postJson('/api/logout', {})).statusCode).toBe(204)
    await other.oidc.signOutsSettled()
    expect(logoutTokens.length).toBeGreaterThanOrEqual(1)
    expect(logoutTokens.map(subjectOf)).toContain(subject)
    // Sent once: the sweep finds nothing left to send.
    expect(await app.oidc.signOutEnded()).toBe(0)
  })

  it('sends again, at the next sweep, a logout the site did not take; the browser stays signed out', async () => {
    const [app] = portal.instances
    clock.advance(2_000)
    const started = await codeFor(app, bclip)
    await tokensOf(started)
    logoutTokens.length = 0
    refusing = 1
    clock.advance(2_000)
    const again = new TestClient(app)
    expect((await again.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    expect((await again.postJson('/api/logout', {})).statusCode).toBe(204)
    await app.oidc.signOutsSettled()
    expect(refusing).toBe(0)
    expect(logoutTokens).toHaveLength(0)
    // Owed, not a session: the member's browser finds none to be given a code with.
    const next = await siteStarts(app, bclip, { browser: started.browser })
    expect(next.toLogin).toBe('/usweb/login?prgName=bclip')
    // The sweep (the retry) sends it again; then nothing is owed.
    expect(await app.oidc.signOutEnded()).toBe(1)
    expect(logoutTokens).toHaveLength(1)
    expect(await app.oidc.signOutEnded()).toBe(0)
  })

  it('reaches the site when wrong passwords lock the account', async () => {
    const [app] = portal.instances
    clock.advance(2_000)
    await tokensOf(await codeFor(app, bclip))
    logoutTokens.length = 0
    const attacker = new TestClient(app)
    for (let attempt = 0; attempt < 6 && logoutTokens.length === 0; attempt++) {
      await attacker.login('bclip_demo', 'Wrong#Password1')
      await app.oidc.signOutsSettled()
    }
    expect(logoutTokens.length).toBeGreaterThanOrEqual(1)
    expect(await app.oidc.signOutEnded()).toBe(0)
  })
})
