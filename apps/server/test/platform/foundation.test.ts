import { createDecipheriv } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { programCodes, programOf, UswebHandoffDataSchema } from '@portal/contract'
import { appForFile, demoPassword, expectDataAnswerHeaders } from '../harness.ts'

const t = appForFile()

function decodeUswebHandoff(url: string) {
  const [route, query] = url.split('#/')[1]?.split('?') ?? []
  const data = new URLSearchParams(query).get('data') ?? ''
  return {
    route,
    data: UswebHandoffDataSchema.parse(JSON.parse(Buffer.from(data, 'base64').toString('utf8'))),
  }
}

describe('header data', () => {
  it.each(programCodes)('gives the customer-service phone of %s', async (code) => {
    const response = await t.client().get(`/api/customer-api/getPOMailingAddress/${code}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ PHONE: expect.stringMatching(/^\d{10}$/) })
  })

  it('looks augustar up as onl', async () => {
    const client = t.client()
    const augustar = await client.get('/api/customer-api/getPOMailingAddress/augustar')
    const onl = await client.get('/api/customer-api/getPOMailingAddress/onl')
    expect(augustar.json()).toEqual(onl.json())
  })

  it('answers an unknown program with 404 and a plain message', async () => {
    const response = await t.client().get('/api/customer-api/getPOMailingAddress/nosuch')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: 'Not Found',
      message: 'Unknown program.',
      messageKey: 'service.unknownProgram',
    })
  })

  it('lists countries with United States, 1 first', async () => {
    const response = await t.client().get('/api/mfa/getCountries')
    expect(response.statusCode).toBe(200)
    const countries = response.json() as { countryName: string; dialPrefix: string }[]
    expect(countries[0]).toEqual({ countryName: 'United States', dialPrefix: '1' })
    expect(countries.length).toBeGreaterThan(5)
  })
})

describe('authenticate', () => {
  it('accepts the right password with 201 and starts a session', async () => {
    const client = t.client()
    const response = await client.login('bclip_demo', demoPassword)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      message: 'Authentication Successful',
      temporaryPassword: false,
    })
    expect(client.cookies.get('portal_sid')).toBeTruthy()
    const sessionCookie = response.cookies.find((c) => c.name === 'portal_sid')
    expect(sessionCookie?.httpOnly).toBe(true)
  })

  it('answers a wrong password with the first-attempt message and no session', async () => {
    const client = t.client()
    const response = await client.login('fidbond_demo', 'Wrong#2026', '200')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ message: 'Invalid Attempt 1' })
    expect(client.cookies.has('portal_sid')).toBe(false)
  })

  it('rejects a blank username with the spec message and changes nothing', async () => {
    const response = await t.client().login('   ', demoPassword)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'Bad Request', message: 'Username is required' })
    expect(response.body).not.toMatch(/at .*\.ts/)
  })

  it('refuses a POST without the anti-forgery header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/us-web-authentication/authenticate',
      payload: { userName: 'bclip_demo', password: demoPassword, velLevel1Org: '100' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ error: 'Forbidden' })
  })

  it('refuses an anti-forgery token minted for another session', async () => {
    const victim = t.client()
    await victim.login('bclip_demo', demoPassword)
    const attacker = t.client()
    await attacker.get('/usweb/login')
    attacker.cookies.set('portal_sid', victim.cookies.get('portal_sid') ?? '')
    const response = await attacker.postJson('/api/portal/handoff')
    expect(response.statusCode).toBe(403)
  })
})

describe('hand-off', () => {
  it('is refused before sign-in', async () => {
    const response = await t.client().postJson('/api/portal/handoff')
    expect(response.statusCode).toBe(401)
  })

  it('sends a usweb user to the main site with the credentials of spec §4, once', async () => {
    const client = t.client()
    await client.login('bclip_demo', demoPassword)
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
    expect(await client.passSecondFactor()).toMatchObject({ statusCode: 'AUTHENTICATION_SUCCESS' })
    const response = await client.postJson('/api/portal/handoff')
    expect(response.statusCode).toBe(200)
    const { url } = response.json() as { url: string }
    expect(url.startsWith(t.config.mainSiteUrl)).toBe(true)
    expect(decodeUswebHandoff(url)).toEqual({
      route: 'bclip/login',
      data: {
        username: 'bclip_demo',
        password: demoPassword,
        custnumber: 'BC10001',
        prgName: 'bclip',
      },
    })
    expect((await client.postJson('/api/portal/handoff')).statusCode).toBe(401)
  })

  it('adds the cabar promo code', async () => {
    const client = t.client()
    await client.signIn('cabar_demo', demoPassword, programOf('cabar').level1Org)
    const { url } = (await client.postJson('/api/portal/handoff')).json() as { url: string }
    expect(decodeUswebHandoff(url).data.promoReqCode).toBe('CA114')
  })

  it('adds ASSOCIATION AFM for an equipmentrenew customer of level2org 2836 only', async () => {
    for (const [username, association] of [
      ['equipmentrenew_afm', 'AFM'],
      ['equipmentrenew_demo', undefined],
    ] as const) {
      const client = t.client()
      await client.signIn(username, demoPassword)
      const { url } = (await client.postJson('/api/portal/handoff')).json() as { url: string }
      expect(decodeUswebHandoff(url).data.ASSOCIATION).toBe(association)
    }
  })

  it('sends a pl user to the policy application with the username encrypted', async () => {
    const client = t.client()
    await client.signIn('proliability_demo', demoPassword, '110')
    const { url } = (await client.postJson('/api/portal/handoff')).json() as { url: string }
    const query = new URL(url, 'http://portal.test').searchParams
    expect(query.get('loginRedirect')).toBe('y')
    const iv = Buffer.from(query.get('initVectorLogin') ?? '', 'base64')
    expect(iv).toHaveLength(16)
    const decipher = createDecipheriv('aes-256-cbc', t.config.plHandoffKey, iv)
    const encrypted = Buffer.from(query.get('customerName') ?? '', 'base64')
    const username = Buffer.concat([decipher.update(encrypted), decipher.final()]).toString()
    expect(username).toBe('proliability_demo')
    expect(url).not.toContain('proliability_demo')
  })
})

describe('service basics', () => {
  it('reports health and readiness', async () => {
    const client = t.client()
    expect((await client.get('/healthz')).json()).toEqual({ status: 'ok' })
    // The status only on this port (R2); the checks are the management port's.
    expect((await client.get('/readyz')).json()).toEqual({ status: 'ready' })
    expect((await t.app.readinessReport()).body).toEqual({
      status: 'ready',
      database: t.database.engine,
      checks: [{ name: 'database', status: 'up', isRequired: true }],
    })
  })

  it('sends a strict content-security policy and never caches API answers about someone', async () => {
    const response = await t.client().get('/api/us-web-authentication/getUser')
    expectDataAnswerHeaders(response.headers)
    // A page's: scripts from the portal only, none inline, and (ASVS 3.4.3) no <base> may be
    // injected to re-point its relative URLs.
    const page = await t.app.inject({ url: '/usweb/login' })
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline')
    expect(page.headers['content-security-policy']).toContain("base-uri 'none'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'Not Found' })
  })

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await t.client().send({
      method: 'POST',
      url: '/api/portal/handoff',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).not.toMatch(/\n\s+at /)
  })
})
