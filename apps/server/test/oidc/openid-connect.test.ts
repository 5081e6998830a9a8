// Issue 44: a program site takes the member by OpenID Connect. The site is openid-client, as a
// real relying party would be; its HTTP calls reach the portal through Fastify's inject, so the
// whole stack answers (routes, hooks, the provider, the database) without a port.
import { webcrypto } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { oidcRepo } from '../../src/store/oidc.repo.ts'
import type { Database } from '../../src/store/db.ts'
import { demoPassword, openTestDatabase, testConfig, TestClient } from '../harness.ts'

const issuer = 'http://localhost:8080/oidc'
const redirectUri = 'https://bclip-site.example.test/cb'
const clientId = 'bclip-site'

let database: Database
let instances: FastifyInstance[]
let siteKey: webcrypto.CryptoKeyPair
/** Another registered site: of the same program, and of a program the member is not in. */
let otherKey: webcrypto.CryptoKeyPair
const otherSiteId = 'bclip-partner'
const fidbondSiteId = 'fidbond-site'

async function keyPair() {
  return (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair
}

async function register(id: string, program: string, key: webcrypto.CryptoKeyPair) {
  const publicJwk = await webcrypto.subtle.exportKey('jwk', key.publicKey)
  await oidcRepo(database.db, { now: () => new Date() }).addClient(id, program, {
    redirect_uris: [id === clientId ? redirectUri : `https://${id}.example.test/cb`],
    initiate_login_uri: `https://${id}.example.test/start`,
    jwks: { keys: [{ ...publicJwk, kid: `${id}-1`, alg: 'ES256', use: 'sig' }] },
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'ES256',
  })
}

/** openid-client's fetch, answered by `app` (the site's server talking to the portal). */
function fetchFrom(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const { pathname, search } = new URL(url)
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: pathname + search,
      headers: Object.fromEntries(new Headers(options.headers).entries()),
      ...(options.body ? { payload: String(options.body) } : {}),
    })
    return new Response(response.rawPayload.length > 0 ? response.rawPayload : null, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    })
  }
}

/** The site's configuration, discovering the provider through `app`. */
async function site(
  app: FastifyInstance,
  { id = clientId, key = siteKey, redirect = redirectUri } = {},
): Promise<client.Configuration> {
  const config = await client.discovery(
    new URL(issuer),
    id,
    { redirect_uris: [redirect] },
    client.PrivateKeyJwt(key.privateKey),
    { [client.customFetch]: fetchFrom(app), execute: [client.allowInsecureRequests] },
  )
  config[client.customFetch] = fetchFrom(app)
  return config
}

beforeAll(async () => {
  database = await openTestDatabase()
  siteKey = await keyPair()
  otherKey = await keyPair()
  await register(clientId, 'bclip', siteKey)
  await register(otherSiteId, 'bclip', otherKey)
  await register(fidbondSiteId, 'fidbond', otherKey)
  instances = await Promise.all([1, 2].map(() => buildApp({ config: testConfig(), database })))
})
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()))
  await database.close()
})

/** Follows the browser's redirects within the portal; returns the first address outside it. */
async function follow(browser: TestClient, location: string): Promise<string> {
  let next = location
  for (let hops = 0; hops < 10; hops++) {
    const url = new URL(next, 'http://localhost:8080')
    if (url.hostname !== 'localhost' || url.pathname.endsWith('/login')) return next
    const response = await browser.get(url.pathname + url.search)
    const moved = response.headers.location
    if (typeof moved !== 'string') return next
    next = moved
  }
  throw new Error('redirect loop')
}

interface Started {
  rp: client.Configuration
  browser: TestClient
  verifier: string
  state: string
  nonce: string
  /** The interaction the authorization request opened (its path). */
  interaction: string
  /** Where the interaction sent the browser: the program's login page. */
  toLogin: string
}

/** The site sends the browser to the portal with an authorization request. */
async function siteStarts(
  app: FastifyInstance,
  {
    id = clientId,
    key = siteKey,
    redirect = redirectUri,
    extra = {} as Record<string, string>,
  } = {},
): Promise<Started> {
  const rp = await site(app, { id, key, redirect })
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const authorize = client.buildAuthorizationUrl(rp, {
    redirect_uri: redirect,
    scope: 'openid profile program',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  const browser = new TestClient(app)
  const opened = await browser.get(authorize.pathname + authorize.search)
  const interaction = new URL(String(opened.headers.location), 'http://localhost').pathname
  expect(interaction).toMatch(/^\/oidc\/interaction\//)
  const toLogin = String((await browser.get(interaction)).headers.location)
  return { rp, browser, verifier, state, nonce, interaction, toLogin }
}

/** The member signs in at the portal as today (password, program, second factor). */
async function signInWithSecondFactor(browser: TestClient, username = 'bclip_demo') {
  expect((await browser.login(username, demoPassword)).statusCode).toBe(201)
  expect(await browser.passSecondFactor()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  const handoff = await browser.postJson('/api/portal/handoff', { target: 'login' })
  expect(handoff.statusCode).toBe(200)
  return (handoff.json() as { url: string }).url
}

/** The member's whole way in, ending at the site's redirect URI with a code. */
async function codeFor(app: FastifyInstance) {
  const started = await siteStarts(app)
  const callback = new URL(
    await follow(started.browser, await signInWithSecondFactor(started.browser)),
  )
  return { ...started, callback }
}

describe('a site that starts the sign-in (authorization code, PKCE, private_key_jwt)', () => {
  it('gets, after the portal sign-in with the second factor, an ID token of the member', async () => {
    const [first, second] = instances as [FastifyInstance, FastifyInstance]
    // The browser: one cookie jar, the authorization on the first instance.
    const { browser, verifier, state, nonce, toLogin } = await siteStarts(first)
    expect(toLogin).toBe('/usweb/login?prgName=bclip')
    const url = await signInWithSecondFactor(browser)
    expect(url).toMatch(/^\/oidc\/interaction\//)
    expect(url).not.toContain(demoPassword)

    const callback = new URL(await follow(browser, url))
    expect(callback.origin + callback.pathname).toBe(redirectUri)

    // The token exchange on the other instance.
    const tokens = await client.authorizationCodeGrant(await site(second), callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    const claims = tokens.claims()
    expect(claims).toMatchObject({
      iss: issuer,
      aud: clientId,
      customer_number: 'BC10001',
      program: 'bclip',
      association: 'NA',
      amr: ['pwd', 'otp'],
      acr: 'urn:program-portal:acr:second-factor',
    })
    expect(claims?.sub).toMatch(/^[\w-]{43}$/)
    expect(claims?.auth_time).toEqual(expect.any(Number))
    // Nothing more than the scopes give: no username, no contacts, no password.
    expect(Object.keys(claims ?? {}).sort()).toEqual(
      [
        'acr',
        'amr',
        'association',
        'at_hash',
        'aud',
        'auth_time',
        'customer_number',
        'exp',
        'given_name',
        'iat',
        'iss',
        'name',
        'nonce',
        'program',
        'sid',
        'sub',
      ].filter((name) => name in (claims ?? {})),
    )
    expect(JSON.stringify(claims)).not.toMatch(/bclip_demo|@example|Portal#/)
  })

  it('gives the same member the same subject at each sign-in, and not their account id', async () => {
    const [app] = instances as [FastifyInstance]
    const subjects = []
    for (let i = 0; i < 2; i++) {
      const { callback, verifier, state, nonce } = await codeFor(app)
      const tokens = await client.authorizationCodeGrant(await site(app), callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      })
      subjects.push(tokens.claims()?.sub)
    }
    expect(subjects[0]).toBe(subjects[1])
    expect(subjects[0]).not.toMatch(/^\d+$/)
  })
})

describe('an attacker', () => {
  it('who uses a code twice gets nothing the second time, and what the first gave is revoked', async () => {
    const [app] = instances as [FastifyInstance]
    const { callback, verifier, state, nonce, rp } = await codeFor(app)
    const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }
    const tokens = await client.authorizationCodeGrant(rp, callback, checks)
    expect((await client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub)).sub).toBe(
      tokens.claims()!.sub,
    )
    await expect(client.authorizationCodeGrant(rp, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
    await expect(
      client.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub),
    ).rejects.toThrow()
  })

  it('who holds a code issued to another site cannot exchange it', async () => {
    const [app] = instances as [FastifyInstance]
    const { callback, verifier, state } = await codeFor(app)
    const other = await site(app, { id: otherSiteId, key: otherKey, redirect: redirectUri })
    await expect(
      client.authorizationCodeGrant(other, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toThrow()
  })

  it('who changes the redirect URI by one character gets no redirect there', async () => {
    const [app] = instances as [FastifyInstance]
    const rp = await site(app)
    const authorize = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${redirectUri}x`,
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
    const [app] = instances as [FastifyInstance]
    const rp = await site(app)
    const noPkce = client.buildAuthorizationUrl(rp, { redirect_uri: redirectUri, scope: 'openid' })
    const refused = await new TestClient(app).get(noPkce.pathname + noPkce.search)
    expect(new URL(String(refused.headers.location)).searchParams.get('error')).toBe(
      'invalid_request',
    )
    const { callback, state, nonce } = await codeFor(app)
    await expect(
      client.authorizationCodeGrant(rp, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
        expectedNonce: nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('who replays a state or a nonce is caught by the site (the portal returns them as sent)', async () => {
    const [app] = instances as [FastifyInstance]
    const { callback, verifier, state, rp } = await codeFor(app)
    expect(callback.searchParams.get('state')).toBe(state)
    await expect(
      client.authorizationCodeGrant(rp, callback, {
        pkceCodeVerifier: verifier,
        expectedState: client.randomState(),
      }),
    ).rejects.toThrow()
    const again = await codeFor(app)
    await expect(
      client.authorizationCodeGrant(rp, again.callback, {
        pkceCodeVerifier: again.verifier,
        expectedState: again.state,
        expectedNonce: client.randomNonce(),
      }),
    ).rejects.toThrow(/unexpected JWT claim value/)
  })

  it('gets no code for a program the customer does not belong to', async () => {
    const [app] = instances as [FastifyInstance]
    // A fidbond site asks; the bclip member signs in at the portal (their own program).
    const { browser, toLogin } = await siteStarts(app, {
      id: fidbondSiteId,
      key: otherKey,
      redirect: `https://${fidbondSiteId}.example.test/cb`,
    })
    expect(toLogin).toBe('/usweb/login?prgName=fidbond')
    const url = await signInWithSecondFactor(browser)
    // The hand-off of the bclip sign-in does not answer the fidbond site's request.
    expect(url).not.toMatch(/^\/oidc\/interaction\//)
    expect(await follow(browser, url)).not.toContain('code=')
  })

  it('with the password alone (no second factor) gets no code', async () => {
    const [app] = instances as [FastifyInstance]
    const { browser, interaction } = await siteStarts(app)
    expect((await browser.login('bclip_demo', demoPassword)).statusCode).toBe(201)
    expect((await browser.postJson('/api/portal/handoff', { target: 'login' })).statusCode).toBe(
      401,
    )
    const pending = await browser.get(interaction)
    expect(pending.headers.location).toBe('/usweb/login?prgName=bclip')
  })

  it('who copies the handover cookie into another browser after its use gets nothing', async () => {
    const [app] = instances as [FastifyInstance]
    const { browser } = await siteStarts(app)
    const url = await signInWithSecondFactor(browser)
    const handover = browser.cookies.get('portal_oidc_handover')
    expect(handover).toBeDefined()
    await follow(browser, url)
    // The thief starts their own request at the same site and presents the used handover.
    const thief = await siteStarts(app)
    thief.browser.cookies.set('portal_oidc_handover', handover!)
    const answer = await thief.browser.get(thief.interaction)
    expect(answer.headers.location).toBe('/usweb/login?prgName=bclip')
  })
})
