// Issue 44: the member's sign-in at a site over time. The portal starts the sign-in (third-party
// initiated login); the signing keys rotate with an overlap in which both verify; sign-out reaches
// the site (RP-initiated logout, and back-channel logout when the member is disabled at the desk
// or changes their password).
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountOf,
  changeOwnPassword,
  disableAccount,
  manualClock,
  TestClient,
} from '../harness.ts'
import {
  bclipWithBackchannel,
  claimsOf,
  codeFor,
  follow,
  signInWithSecondFactor,
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

const kidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid

describe('the portal starts the sign-in (third-party initiated login)', () => {
  it("sends the member to the site's login initiation, whose request is answered at once", async () => {
    const [app, other] = portal.instances
    const started = await siteStarts(app, bclip)
    // The member came to the portal on their own: no request of the site's is waiting.
    const browser = started.browser
    browser.cookies.delete('portal_oidc_pending')
    const url = await signInWithSecondFactor(browser)
    expect(url).toBe(
      `https://bclip-site.example.test/start?iss=${encodeURIComponent('http://localhost:8080/oidc')}`,
    )
    // The site starts its request (on the other instance); the handover answers it.
    const fresh = await siteStarts(other, bclip, {
      browser: new TestClient(other, browser.cookies),
    })
    // Its interaction took the handover and went on: no login page in between.
    const callback = new URL(await follow(fresh.browser, fresh.toLogin))
    expect(callback.searchParams.get('code')).toBeTruthy()
    expect((await tokensOf({ ...fresh, callback })).claims()).toMatchObject({ program: 'bclip' })
  })
})

describe('signing keys', () => {
  it('rotate with an overlap: the new key is published first, then signs; old tokens verify until retired', async () => {
    const [app, other] = portal.instances
    const before = await tokensOf(await codeFor(app, bclip))
    const oldKid = kidOf(before.id_token ?? '')
    const { kid } = await portal.admin.rotateKeys(10 * 60_000, 'yearly rotation')
    await Promise.all(portal.instances.map((instance) => instance.oidc.refresh()))
    const published = async () =>
      ((await app.inject('/oidc/jwks')).json() as { keys: { kid: string }[] }).keys.map(
        (key) => key.kid,
      )
    // The overlap: both published, the old one still signs.
    expect(await published()).toEqual(expect.arrayContaining([oldKid, kid]))
    expect(kidOf((await tokensOf(await codeFor(other, bclip))).id_token ?? '')).toBe(oldKid)
    // After the overlap the new key signs; a site verifies both (openid-client checks each).
    clock.advance(11 * 60_000)
    await Promise.all(portal.instances.map((instance) => instance.oidc.refresh()))
    const after = await tokensOf(await codeFor(other, bclip))
    expect(kidOf(after.id_token ?? '')).toBe(kid)
    // Retired: the old key is no longer published.
    expect(await portal.admin.retireKeys('overlap over')).toBe(1)
    await Promise.all(portal.instances.map((instance) => instance.oidc.refresh()))
    expect(await published()).toEqual([kid])
  })
})

describe('sign-out', () => {
  it('at the site (RP-initiated logout) ends the provider session', async () => {
    const [app] = portal.instances
    const started = await codeFor(app, bclip)
    const tokens = await tokensOf(started)
    const logout = client.buildEndSessionUrl(started.rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: 'https://bclip-site.example.test/bye',
    })
    const confirm = await started.browser.get(logout.pathname + logout.search)
    expect(confirm.statusCode).toBe(200)
    // The provider's confirmation form (its own anti-forgery value), submitted as a browser would.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? ''
    const done = await started.browser.postForm('/oidc/session/end/confirm', {
      xsrf,
      logout: 'yes',
    })
    expect(String(done.headers.location)).toMatch(/^https:\/\/bclip-site\.example\.test\/bye/)
  })

  it('reaches the site by back-channel when the desk disables the member, and no new code is given', async () => {
    const [app] = portal.instances
    const started = await codeFor(app, bclip)
    const subject = (await tokensOf(started)).claims()?.sub
    backchannel.logoutTokens.length = 0
    await disableAccount(portal.on, 'bclip_demo')
    try {
      // One logout token for each browser in which the member signed in at the site.
      const sent = await app.oidc.signOutEnded()
      expect(sent).toBeGreaterThanOrEqual(1)
      expect(backchannel.logoutTokens).toHaveLength(sent)
      for (const token of backchannel.logoutTokens) {
        expect(claimsOf(token)).toMatchObject({
          sub: subject,
          aud: bclip.id,
          events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        })
      }
      // Once only: the ended session is gone.
      expect(await app.oidc.signOutEnded()).toBe(0)
    } finally {
      await disableAccount(portal.on, 'bclip_demo', false)
    }
  })

  it('reaches the site by back-channel when the member changes their password', async () => {
    const [app] = portal.instances
    await tokensOf(await codeFor(app, bclip))
    backchannel.logoutTokens.length = 0
    clock.advance(2_000)
    const { passwordHash } = await accountOf(portal.on, 'bclip_demo')
    await changeOwnPassword(portal.on, 'bclip_demo', passwordHash)
    expect(await app.oidc.signOutEnded()).toBeGreaterThanOrEqual(1)
    expect(backchannel.logoutTokens.length).toBeGreaterThanOrEqual(1)
  })

  it('leaves the member signed in at the site while nothing ended their sign-in', async () => {
    const [app] = portal.instances
    clock.advance(2_000)
    await tokensOf(await codeFor(app, bclip))
    expect(await app.oidc.signOutEnded()).toBe(0)
  })
})

describe('a disabled member', () => {
  it('is given no code even with a handover taken before the desk acted', async () => {
    const [app] = portal.instances
    const started = await siteStarts(app, bclip)
    const url = await signInWithSecondFactor(started.browser)
    await disableAccount(portal.on, 'bclip_demo')
    try {
      expect(await follow(started.browser, url)).not.toContain('code=')
    } finally {
      await disableAccount(portal.on, 'bclip_demo', false)
    }
  })
})

describe("the portal's one clock", () => {
  it('dates the sign-in (auth_time) by it, and a code past its life on it is refused', async () => {
    const [app, other] = portal.instances
    // An hour on the portal's clock that the host's never saw.
    clock.advance(60 * 60_000)
    const started = await codeFor(app, bclip)
    const claims: Record<string, unknown> =
      (await tokensOf(await codeFor(other, bclip))).claims() ?? {}
    expect(claims.auth_time).toBe(Math.floor(clock.now().getTime() / 1000))
    // The ID token's life, whatever clock dates it: five minutes.
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300)
    // A code lives a minute on the portal's clock: one that waited longer gives nothing.
    clock.advance(61_000)
    await expect(tokensOf(started)).rejects.toMatchObject({ error: 'invalid_grant' })
  })
})
