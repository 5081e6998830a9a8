// Issue 44: a program site takes the member by OpenID Connect (authorization code with PKCE,
// private_key_jwt), and what an attacker tries against it. The site is openid-client.
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SoftwareAuthenticator, TestClient, demoPassword } from '../harness.ts'
import {
  codeFor,
  follow,
  issuer,
  portalWithSites,
  relyingParty,
  signInWithSecondFactor,
  siteStarts,
  tokensOf,
  type Site,
} from './sites.ts'

let portal: Awaited<ReturnType<typeof portalWithSites>>
let bclip: Site
/** The site of a program the member is not in. */
let fidbond: Site

beforeAll(async () => {
  portal = await portalWithSites({
    'bclip-site': 'bclip',
    'fidbond-site': 'fidbond',
  })
  bclip = portal.site('bclip-site')
  fidbond = portal.site('fidbond-site')
})
afterAll(() => portal.close())

describe('a site that starts the sign-in', () => {
  it('gets, after the portal sign-in with the second factor, an ID token of the member', async () => {
    const [first, second] = portal.instances
    // The browser: one cookie jar, the authorization on the first instance.
    const started = await siteStarts(first, bclip)
    expect(started.toLogin).toBe('/usweb/login?prgName=bclip')
    const url = await signInWithSecondFactor(started.browser)
    expect(url).toMatch(/^\/oidc\/interaction\//)
    expect(url).not.toContain(demoPassword)
    const callback = new URL(await follow(started.browser, url))
    expect(callback.origin + callback.pathname).toBe(bclip.redirectUri)

    // The token exchange on the other instance.
    const tokens = await tokensOf({ ...started, callback }, await relyingParty(second, bclip))
    const claims: Record<string, unknown> = tokens.claims() ?? {}
    expect(claims).toMatchObject({
      iss: issuer,
      aud: bclip.id,
      customer_number: 'BC10001',
      program: 'bclip',
      association: 'NA',
      amr: ['pwd', 'otp'],
      acr: 'urn:program-portal:acr:second-factor',
    })
    expect(claims.sub).toMatch(/^[\w-]{43}$/)
    expect(claims.auth_time).toEqual(expect.any(Number))
    // Nothing more than the scopes give: no username, no contacts, no password.
    const given = ['acr', 'amr', 'association', 'at_hash', 'aud', 'auth_time', 'customer_number']
    const standard = ['exp', 'given_name', 'iat', 'iss', 'name', 'nonce', 'program', 'sid', 'sub']
    expect(Object.keys(claims).every((name) => [...given, ...standard].includes(name))).toBe(true)
    expect(JSON.stringify(claims)).not.toMatch(/bclip_demo|@example|Portal#/)
  })

  it('gives the same member the same subject at each sign-in, and not their account id', async () => {
    const [app] = portal.instances
    const first = (await tokensOf(await codeFor(app, bclip))).claims()?.sub
    const second = (await tokensOf(await codeFor(app, bclip))).claims()?.sub
    expect(first).toBe(second)
    expect(first).not.toMatch(/^\d+$/)
  })

  it('tells the site that a passkey stood in for the code (amr hwk)', async () => {
    const [app] = portal.instances
    // A passkey made in an earlier sign-in that passed a code.
    const earlier = new TestClient(app)
    await earlier.login('bclip_demo', demoPassword)
    await earlier.passSecondFactor('passkey-maker')
    const authenticator = new SoftwareAuthenticator('http://localhost:8080')
    const options = (await earlier.postJson('/api/passkeys/registration/options', {})).json()
    const made = await earlier.postJson('/api/passkeys/registration', {
      response: authenticator.register(options),
    })
    expect(made.statusCode).toBe(200)
    // The site asks; on a new device the member gives the password and the passkey.
    const started = await siteStarts(app, bclip)
    await started.browser.login('bclip_demo', demoPassword)
    await started.browser.checkProgram()
    await started.browser.mfaDecision('new-device')
    const challenge = (
      await started.browser.postJson('/api/passkeys/authentication/options', {})
    ).json() as { challenge: string; rpId: string }
    const asserted = await started.browser.send({
      method: 'POST',
      url: '/api/passkeys/authentication',
      headers: { mfadeviceprint: 'new-device' },
      payload: { response: authenticator.assert(challenge) },
    })
    expect(asserted.statusCode).toBe(200)
    const handoff = await started.browser.postJson('/api/portal/handoff', { target: 'login' })
    const callback = new URL(await follow(started.browser, (handoff.json() as { url: string }).url))
    const claims = (await tokensOf({ ...started, callback })).claims()
    expect(claims).toMatchObject({
      amr: ['pwd', 'hwk'],
      acr: 'urn:program-portal:acr:second-factor',
    })
  })

  it('asks in Spanish when the site says ui_locales=es-US', async () => {
    const [app] = portal.instances
    const started = await siteStarts(app, bclip, { extra: { ui_locales: 'es-US' } })
    expect(started.browser.cookies.get('portal_lang')).toBe('es-US')
  })
})

describe('an attacker', () => {
  it('who uses a code twice gets nothing the second time, and what the first gave is revoked', async () => {
    const [app] = portal.instances
    const started = await codeFor(app, bclip)
    const tokens = await tokensOf(started)
    const subject = tokens.claims()?.sub ?? ''
    const info = await client.fetchUserInfo(started.rp, tokens.access_token, subject)
    expect(info.sub).toBe(subject)
    await expect(tokensOf(started)).rejects.toMatchObject({ error: 'invalid_grant' })
    await expect(client.fetchUserInfo(started.rp, tokens.access_token, subject)).rejects.toThrow()
  })

  it('who holds a code issued to another site cannot exchange it', async () => {
    const [app] = portal.instances
    const started = await codeFor(app, bclip)
    const other = await relyingParty(app, fidbond, bclip.redirectUri)
    await expect(tokensOf(started, other)).rejects.toThrow()
  })

  it('who changes the redirect URI by one character gets no redirect there', async () => {
    const [app] = portal.instances
    const rp = await relyingParty(app, bclip)
    const authorize = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${bclip.redirectUri}x`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    })
    const response = await new TestClient(app).get(authorize.pathname + authorize.search)
    expect(response.statusCode).toBe(400)
    expect(response.headers.location).toBeUndefined()
    expect(response.json()).toMatchObject({ error: 'invalid_redirect_uri' })
  })

  it('without PKCE gets no sign-in; with a wrong verifier gets no token', async () => {
    const [app] = portal.instances
    const rp = await relyingParty(app, bclip)
    const noPkce = client.buildAuthorizationUrl(rp, {
      redirect_uri: bclip.redirectUri,
      scope: 'openid',
    })
    const refused = await new TestClient(app).get(noPkce.pathname + noPkce.search)
    const answer = new URL(String(refused.headers.location))
    expect(answer.searchParams.get('error')).toBe('invalid_request')
    const started = await codeFor(app, bclip)
    await expect(
      tokensOf({ ...started, verifier: client.randomPKCECodeVerifier() }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('who replays a state or a nonce is caught by the site (the portal returns them as sent)', async () => {
    const [app] = portal.instances
    const started = await codeFor(app, bclip)
    expect(started.callback.searchParams.get('state')).toBe(started.state)
    await expect(tokensOf({ ...started, state: client.randomState() })).rejects.toThrow()
    const again = await codeFor(app, bclip)
    await expect(tokensOf({ ...again, nonce: client.randomNonce() })).rejects.toThrow(
      /unexpected JWT claim value/,
    )
  })

  it('gets no code for a program the customer does not belong to', async () => {
    const [app] = portal.instances
    // A fidbond site asks; the bclip member signs in at the portal (their own program).
    const started = await siteStarts(app, fidbond)
    expect(started.toLogin).toBe('/usweb/login?prgName=fidbond')
    const url = await signInWithSecondFactor(started.browser)
    // The hand-off of the bclip sign-in does not answer the fidbond site's request.
    expect(url).not.toMatch(/^\/oidc\/interaction\//)
    expect(await follow(started.browser, url)).not.toContain('code=')
    const answer = await started.browser.get(started.interaction)
    expect(answer.headers.location).toBe('/usweb/login?prgName=fidbond')
  })

  it('with the password alone (no second factor) gets no code', async () => {
    const [app] = portal.instances
    const { browser, interaction } = await siteStarts(app, bclip)
    expect((await browser.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    const handoff = await browser.postJson('/api/portal/handoff', { target: 'login' })
    expect(handoff.statusCode).toBe(401)
    const pending = await browser.get(interaction)
    expect(pending.headers.location).toBe('/usweb/login?prgName=bclip')
  })

  it('who sends one handover in parallel requests gets one sign-in, not two', async () => {
    const [first, second] = portal.instances
    const { browser } = await siteStarts(first, bclip)
    await signInWithSecondFactor(browser)
    const handover = browser.cookies.get('portal_oidc_handover') ?? ''
    // Two requests of the same site, each presenting the one handover, sent at the same moment.
    const thieves = await Promise.all([first, second].map((app) => siteStarts(app, bclip)))
    for (const thief of thieves) thief.browser.cookies.set('portal_oidc_handover', handover)
    const tries = await Promise.all(
      thieves.map(async (thief) =>
        String((await thief.browser.get(thief.interaction)).headers.location),
      ),
    )
    expect(tries.filter((location) => location === '/usweb/login?prgName=bclip')).toHaveLength(1)
  })

  it('who copies the handover cookie into another browser after its use gets nothing', async () => {
    const [app] = portal.instances
    const { browser } = await siteStarts(app, bclip)
    const url = await signInWithSecondFactor(browser)
    const handover = browser.cookies.get('portal_oidc_handover') ?? ''
    expect(handover).not.toBe('')
    await follow(browser, url)
    // The thief starts their own request at the same site and presents the used handover.
    const thief = await siteStarts(app, bclip)
    thief.browser.cookies.set('portal_oidc_handover', handover)
    const answer = await thief.browser.get(thief.interaction)
    expect(answer.headers.location).toBe('/usweb/login?prgName=bclip')
  })
})
