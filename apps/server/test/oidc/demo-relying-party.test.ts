// Issue 44: the demo main site (demoOidcSite) as the relying party a reader watches: it
// registers itself, its start sends the browser to the provider with PKCE, its callback shows
// the claims of the ID token it verified, and its back-channel endpoint takes the portal's
// logout token (sent over a real socket, as the provider sends it) and refuses a forged one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { demoClientIdOf } from '../../src/demo/main-site-oidc.ts'
import {
  disableAccount,
  freePort,
  openTestDatabase,
  testConfig,
  TestClient,
  type Database,
} from '../harness.ts'
import { signInWithSecondFactor } from './sites.ts'

let database: Database
let app: FastifyInstance
let origin: string
beforeAll(async () => {
  database = await openTestDatabase()
  const port = await freePort()
  origin = `http://localhost:${port}`
  app = await buildApp({ config: testConfig({ PORT: String(port) }), database, demoOidcSite: true })
  await app.listen({ host: 'localhost', port })
})
afterAll(async () => {
  await app.close()
  await database.close()
})

/** The browser's requests, as to the issuer's origin (the demo's site lives there). */
const visit = (browser: TestClient, url: string) => {
  const { host, pathname, search } = new URL(url, origin)
  return browser.send({ method: 'GET', url: pathname + search, headers: { host } })
}

/** Follows redirects until a page answers; returns it. */
async function land(browser: TestClient, url: string) {
  let response = await visit(browser, url)
  for (let hops = 0; hops < 10 && typeof response.headers.location === 'string'; hops++) {
    response = await visit(browser, response.headers.location)
  }
  return response
}

describe('the demo main site of dtcpnc', () => {
  it('is registered; site-started, it shows the claims; the portal logs it out by back-channel', async () => {
    expect((await app.oidc.clientOfProgram('dtcpnc'))?.clientId).toBe(demoClientIdOf('dtcpnc'))
    const browser = new TestClient(app)
    const started = await visit(browser, '/demo/main-site/oidc/start')
    expect(started.statusCode).toBe(303)
    const authorize = new URL(String(started.headers.location))
    expect(authorize.origin).toBe(origin)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('client_id')).toBe(demoClientIdOf('dtcpnc'))
    const login = await land(browser, authorize.href)
    expect(login.statusCode).toBe(200)
    const page = await land(browser, await signInWithSecondFactor(browser, 'dtcpnc_demo'))
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<dd data-field="customer_number">PN10001</dd>')
    expect(page.body).toContain('<dd data-field="program">dtcpnc</dd>')

    await disableAccount({ database }, 'dtcpnc_demo')
    // Sent only when the site answered 200: it verified the portal's logout token.
    expect(await app.oidc.signOutEnded()).toBe(1)
    await disableAccount({ database }, 'dtcpnc_demo', false)
  })

  it('refuses a logout token it cannot verify, and a callback it did not start', async () => {
    const forged = await app.inject({
      method: 'POST',
      url: '/demo/main-site/oidc/backchannel-logout',
      payload: 'logout_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(forged.statusCode).toBe(400)
    const callback = await app.inject({ url: '/demo/main-site/oidc/callback?code=x&state=y' })
    expect(callback.statusCode).toBe(400)
  })
})
