// Program sites as relying parties, for the OpenID Connect tests (issue 44). A site is
// openid-client, as a real one would be; its server's calls reach the portal through Fastify's
// inject, so the whole stack answers (routes, hooks, the provider, the database) without a port.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import * as client from 'openid-client'
import { expect } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { injectFetch } from '../../src/demo/main-site-oidc.ts'
import {
  demoPassword,
  openIdAdmin,
  openTestDatabase,
  testConfig,
  TestClient,
  type Clock,
  type Database,
  type ManualClock,
} from '../harness.ts'

export const issuer = 'http://localhost:8080/oidc'

export interface Site {
  id: string
  program: string
  key: CryptoKeyPair
  redirectUri: string
}

/** Two instances of the portal on one database, and the sites registered with it. */
export async function portalWithSites(
  programs: Record<string, string>,
  {
    clock,
    backchannelLogoutUri,
    env = {},
  }: {
    clock?: Clock | ManualClock
    backchannelLogoutUri?: string
    env?: Record<string, string>
  } = {},
) {
  const database: Database = await openTestDatabase()
  if (clock && 'startAt' in clock) clock.startAt(await database.readTime())
  // The catalogue keeps every program on the spec's hand-off; the deployment puts these on
  // OpenID Connect (PROGRAM_HANDOFF), as an operator would once their sites are registered.
  const config = testConfig({
    PROGRAM_HANDOFF: [...new Set(Object.values(programs))]
      .map((program) => `${program}=openid-connect`)
      .join(','),
    ...env,
  })
  const on = { database, clock: clock ?? { now: () => new Date() } }
  const admin = openIdAdmin(on, { issuer, sessionSecret: config.sessionSecret })
  const sites: Record<string, Site> = {}
  for (const [id, program] of Object.entries(programs)) {
    const key = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const publicJwk = await crypto.subtle.exportKey('jwk', key.publicKey)
    const redirectUri = `https://${id}.example.test/cb`
    await admin.addSite(
      {
        clientId: id,
        program,
        redirectUris: [redirectUri],
        jwks: { keys: [{ ...publicJwk, kid: `${id}-1`, alg: 'ES256', use: 'sig' }] },
        initiateLoginUri: `https://${id}.example.test/start`,
        postLogoutRedirectUris: [`https://${id}.example.test/bye`],
        ...(backchannelLogoutUri ? { backchannelLogoutUri } : {}),
      },
      'test site',
    )
    sites[id] = { id, program, key, redirectUri }
  }
  const instances = await Promise.all(
    [1, 2].map(() => buildApp({ config, database, ...(clock ? { clock } : {}) })),
  )
  return {
    database,
    /** The database and clock, for the testing door's verbs. */
    on,
    admin,
    site(id: string): Site {
      const site = sites[id]
      if (!site) throw new Error(`no site ${id}`)
      return site
    },
    instances: instances as [FastifyInstance, FastifyInstance],
    close: async () => {
      await Promise.all(instances.map((app) => app.close()))
      await database.close()
    },
  }
}

/** The site's configuration, discovering the provider through `app`. */
export async function relyingParty(
  app: FastifyInstance,
  site: Site,
  redirectUri = site.redirectUri,
): Promise<client.Configuration> {
  const config = await client.discovery(
    new URL(issuer),
    site.id,
    { redirect_uris: [redirectUri] },
    client.PrivateKeyJwt(site.key.privateKey),
    { [client.customFetch]: injectFetch(app), execute: [client.allowInsecureRequests] },
  )
  config[client.customFetch] = injectFetch(app)
  return config
}

/** Follows the browser's redirects within the portal; returns the first address outside it. */
export async function follow(browser: TestClient, location: string): Promise<string> {
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

export interface Started {
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

/** The site sends a browser (a new one, or `browser`) to the portal with a request. */
export async function siteStarts(
  app: FastifyInstance,
  site: Site,
  { browser = new TestClient(app), extra = {} as Record<string, string> } = {},
): Promise<Started> {
  const rp = await relyingParty(app, site)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const authorize = client.buildAuthorizationUrl(rp, {
    redirect_uri: site.redirectUri,
    scope: 'openid profile program',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  const opened = await browser.get(authorize.pathname + authorize.search)
  const interaction = new URL(String(opened.headers.location), 'http://localhost').pathname
  const toLogin = String((await browser.get(interaction)).headers.location)
  return { rp, browser, verifier, state, nonce, interaction, toLogin }
}

/** The member signs in at the portal as today (password, program, second factor). */
export async function signInWithSecondFactor(browser: TestClient, username = 'bclip_demo') {
  expect((await browser.login(username, demoPassword)).statusCode).toBe(201)
  expect(await browser.passSecondFactor()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
  const handoff = await browser.postJson('/api/portal/handoff', { target: 'login' })
  expect(handoff.statusCode).toBe(200)
  return (handoff.json() as { url: string }).url
}

/** The member's whole way in, ending at the site's redirect URI with a code. */
export async function codeFor(app: FastifyInstance, site: Site) {
  const started = await siteStarts(app, site)
  const callback = new URL(
    await follow(started.browser, await signInWithSecondFactor(started.browser)),
  )
  return { ...started, callback }
}

/** The code exchanged for tokens, every check of the site's on. */
export function tokensOf(
  started: Started & { callback: URL },
  rp = started.rp,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  return client.authorizationCodeGrant(rp, started.callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
  })
}

/**
 * A site's back-channel logout endpoint on a real socket, as the provider sends to it: the
 * logout tokens it took, in order; `refusing` answers that many next ones 503 instead.
 */
export async function backchannelReceiver() {
  const receiver = {
    url: '',
    logoutTokens: [] as string[],
    refusing: 0,
    close: () => new Promise((closed) => server.close(closed)),
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (receiver.refusing > 0) {
        receiver.refusing--
        response.writeHead(503).end()
        return
      }
      receiver.logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '')
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`
  return receiver
}

/**
 * A portal with bclip's site, whose back-channel logout endpoint is a real socket: for the
 * tests of sign-out reaching the site.
 */
export async function bclipWithBackchannel(clock: ManualClock) {
  const backchannel = await backchannelReceiver()
  const portal = await portalWithSites(
    { 'bclip-site': 'bclip' },
    { clock, backchannelLogoutUri: backchannel.url },
  )
  return {
    portal,
    backchannel,
    bclip: portal.site('bclip-site'),
    close: async () => {
      await portal.close()
      await backchannel.close()
    },
  }
}

/** The claims of a JWT (its signature is checked by openid-client where it matters). */
export const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >
