// Issue 44: back-channel logout at once. When the member logs out at the portal or their
// account locks, the site's back-channel endpoint has the portal's logout token as soon as the
// request that did it has been answered, not at the next sweep (which stays the retry). The
// test never runs the sweep (`signOutEnded`): it waits only for the sign-outs the event started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword, manualClock, TestClient } from '../harness.ts'
import {
  bclipWithBackchannel,
  claimsOf,
  codeFor,
  siteStarts,
  tokensOf,
  type Site,
} from './sites.ts'

const clock = manualClock()
let world: Awaited<ReturnType<typeof bclipWithBackchannel>>
let portal: typeof world.portal
let bclip: Site
let backchannel: typeof world.backchannel

beforeAll(async () => {
  world = await bclipWithBackchannel(clock)
  ;({ portal, bclip, backchannel } = world)
})
afterAll(() => world.close())

const subjectOf = (jwt: string) => claimsOf(jwt).sub

describe('back-channel logout at once', () => {
  it('reaches the site when the member logs out at the portal', async () => {
    const [app, other] = portal.instances
    const subject = (await tokensOf(await codeFor(app, bclip))).claims()?.sub
    backchannel.logoutTokens.length = 0
    clock.advance(2_000)
    // Later, the member signs in at the portal (the other instance) and logs out there.
    const again = new TestClient(other)
    expect((await again.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    expect((await again.postJson('/api/logout', {})).statusCode).toBe(204)
    await other.oidc.signOutsSettled()
    expect(backchannel.logoutTokens.length).toBeGreaterThanOrEqual(1)
    expect(backchannel.logoutTokens.map(subjectOf)).toContain(subject)
    // Sent once: the sweep finds nothing left to send.
    expect(await app.oidc.signOutEnded()).toBe(0)
  })

  it('sends again, at the next sweep, a logout the site did not take; the browser stays signed out', async () => {
    const [app] = portal.instances
    clock.advance(2_000)
    const started = await codeFor(app, bclip)
    await tokensOf(started)
    backchannel.logoutTokens.length = 0
    backchannel.refusing = 1
    clock.advance(2_000)
    const again = new TestClient(app)
    expect((await again.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    expect((await again.postJson('/api/logout', {})).statusCode).toBe(204)
    await app.oidc.signOutsSettled()
    expect(backchannel.refusing).toBe(0)
    expect(backchannel.logoutTokens).toHaveLength(0)
    // Owed, not a session: the member's browser finds none to be given a code with.
    const next = await siteStarts(app, bclip, { browser: started.browser })
    expect(next.toLogin).toBe('/usweb/login?prgName=bclip')
    // The sweep (the retry) sends it again; then nothing is owed.
    expect(await app.oidc.signOutEnded()).toBe(1)
    expect(backchannel.logoutTokens).toHaveLength(1)
    expect(await app.oidc.signOutEnded()).toBe(0)
  })

  it('reaches the site when wrong passwords lock the account', async () => {
    const [app] = portal.instances
    clock.advance(2_000)
    await tokensOf(await codeFor(app, bclip))
    backchannel.logoutTokens.length = 0
    const attacker = new TestClient(app)
    for (let attempt = 0; attempt < 6 && backchannel.logoutTokens.length === 0; attempt++) {
      await attacker.login('bclip_demo', 'Wrong#Password1')
      await app.oidc.signOutsSettled()
    }
    expect(backchannel.logoutTokens.length).toBeGreaterThanOrEqual(1)
    expect(await app.oidc.signOutEnded()).toBe(0)
  })
})
