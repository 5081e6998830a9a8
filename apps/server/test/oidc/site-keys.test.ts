// Issue 44: a registered site's keys set again pass the same checks as its registration. The
// demo's site lives on this machine (http on loopback); when two demo instances start together
// on one database, the one that loses the registration race sets its key instead
// (demo/main-site-oidc.ts), which once failed the provider's https rule for the login
// initiation and stopped that instance (found by processes.postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openIdAdmin } from '../../src/testing/arrange.ts'
import { openTestDatabase, testConfig, type Database } from '../harness.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const issuer = 'http://localhost:8080/oidc'
async function publicJwk(kid: string) {
  const key = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  return { ...(await crypto.subtle.exportKey('jwk', key.publicKey)), kid, alg: 'ES256', use: 'sig' }
}
const localSite = async (clientId: string) => ({
  clientId,
  program: 'dtcpnc',
  redirectUris: ['http://localhost:8080/demo/main-site/oidc/callback'],
  jwks: { keys: [await publicJwk(`${clientId}-1`)] },
  initiateLoginUri: 'http://localhost:8080/demo/main-site/oidc/start?program=dtcpnc',
})

describe("a site's keys set again", () => {
  it('pass for a site on this machine where sites may be local (demo mode)', async () => {
    const on = { database, clock: { now: () => new Date() } }
    const { sessionSecret } = testConfig()
    const admin = openIdAdmin(on, { issuer, sessionSecret, sitesMayBeLocal: true })
    const site = await localSite('local-keys-site')
    await admin.addSite(site, 'registered')
    const replaced = { jwks: { keys: [await publicJwk('local-keys-site-2')] } }
    await admin.setSiteKeys(site.clientId, replaced, 'the second instance started')
    const [row] = (await admin.listSites()).filter(({ clientId }) => clientId === site.clientId)
    expect(row?.metadata).toMatchObject({
      jwks: replaced.jwks,
      initiate_login_uri: site.initiateLoginUri,
    })
    await admin.removeSite(site.clientId, 'done')
  })

  it('refuse a login initiation on http elsewhere, at registration as before', async () => {
    const on = { database, clock: { now: () => new Date() } }
    const { sessionSecret } = testConfig()
    const admin = openIdAdmin(on, { issuer, sessionSecret })
    await expect(admin.addSite(await localSite('http-site'), 'registered')).rejects.toMatchObject({
      error_description: 'initiate_login_uri must be a https uri',
    })
    expect((await admin.listSites()).some(({ clientId }) => clientId === 'http-site')).toBe(false)
  })
})
