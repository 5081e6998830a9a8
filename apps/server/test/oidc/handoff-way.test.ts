// Issue 44: the catalogue (or the deployment's PROGRAM_HANDOFF) says how a program's site takes
// the member, not the registry of sites. A site registered for a program on the spec's hand-off
// switches nothing and is unknown to the provider; a program on OpenID Connect with no site
// fails closed: its hand-off answers an error and never sends the password.
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPassword, TestClient } from '../harness.ts'
import { portalWithSites, relyingParty, signInWithSecondFactor, siteStarts } from './sites.ts'

let portal: Awaited<ReturnType<typeof portalWithSites>>

beforeAll(async () => {
  // bclip's site is registered, but bclip keeps the catalogue's way (spec); dtcria is put on
  // OpenID Connect by the deployment, with no site registered.
  // proliability (pl) is on OpenID Connect with its site.
  portal = await portalWithSites(
    { 'bclip-site': 'bclip', 'pl-site': 'proliability' },
    { env: { PROGRAM_HANDOFF: 'dtcria=openid-connect,proliability=openid-connect' } },
  )
})
afterAll(() => portal.close())

describe('a program on the spec hand-off', () => {
  it("hands off as the spec says though a site is registered for it, and the site's request is refused", async () => {
    const [app] = portal.instances
    const browser = new TestClient(app)
    const url = await signInWithSecondFactor(browser, 'bclip_demo')
    expect(url).not.toMatch(/oidc|example\.test/)
    expect(url).toMatch(/bclip/)

    // The site is unknown to the provider: no discovery trick makes its request pass.
    const rp = await relyingParty(app, portal.site('bclip-site'))
    const authorize = client.buildAuthorizationUrl(rp, {
      redirect_uri: portal.site('bclip-site').redirectUri,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    })
    const refused = await new TestClient(app).get(authorize.pathname + authorize.search)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: 'invalid_client' })
  })
})

describe('a program on OpenID Connect with no site registered', () => {
  it('refuses the hand-off (fails closed): no password leaves the portal', async () => {
    const [app] = portal.instances
    const browser = new TestClient(app)
    expect((await browser.login('dtcria_demo', demoPassword)).statusCode).toBe(201)
    await browser.passSecondFactor()
    const handoff = await browser.postJson('/api/portal/handoff', { target: 'login' })
    expect(handoff.statusCode).toBeGreaterThanOrEqual(500)
    expect(handoff.body).not.toContain(demoPassword)
    expect(handoff.body).not.toMatch(/"url"/)
    expect(await app.oidc.programsWithoutSite()).toEqual(['dtcria'])
  })
})

describe('a hand-off to a site by OpenID Connect, sent twice at once', () => {
  it('gives the handover to the one request that ended the session, and nothing to the other', async () => {
    const [app] = portal.instances
    const browser = new TestClient(app)
    expect((await browser.login('proliability_demo', demoPassword, '110')).statusCode).toBe(201)
    await browser.passSecondFactor()
    const answers = await Promise.all([
      browser.postJson('/api/portal/handoff'),
      browser.postJson('/api/portal/handoff'),
    ])
    const handover = (answer: (typeof answers)[number]) =>
      /portal_oidc_handover=[^;]/.test(String(answer.headers['set-cookie'] ?? ''))
    const issued = answers.filter((answer) => answer.statusCode === 200)
    expect(issued).toHaveLength(1)
    expect(issued.every(handover)).toBe(true)
    const refused = answers.filter((answer) => answer.statusCode !== 200)
    expect(refused.some(handover)).toBe(false)
    expect(refused.map((answer) => answer.body).join()).not.toMatch(/"url"/)
  })
})

describe('a pl program on OpenID Connect', () => {
  it("sends the site's request to the pl login page (the flavour's area)", async () => {
    const [app] = portal.instances
    const started = await siteStarts(app, portal.site('pl-site'))
    expect(started.toLogin).toBe('/proliability/login?prgName=proliability')
  })
})
