// What makes the cheap calls cheap must not make them less safe: reference data cached by
// browsers (ETag, Cache-Control) while anything about a person stays uncached, and the
// anti-forgery token handed out by the portal's pages rather than by every GET, with every
// state-changing call still refused without it.
import { describe, expect, it } from 'vitest'
import { referenceCacheControl } from '../../src/plugins/reference-answers.ts'
import { appForFile, demoPassword, expectDataAnswerHeaders, startTestApp } from '../harness.ts'

const t = appForFile()

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

const referenceCalls = [
  '/api/mfa/getCountries',
  '/api/customer-api/getPOMailingAddress/augustar',
  '/api/customer-api/getPOMailingAddress/fidbond',
]

describe('reference data', () => {
  it.each(referenceCalls)('%s: a strong ETag and public Cache-Control', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(referenceCacheControl)
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/) // strong: no W/
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    // The same answer, the same ETag.
    expect((await get(url)).headers.etag).toBe(response.headers.etag)
  })

  it.each(referenceCalls)('%s: If-None-Match answers 304 with no body', async (url) => {
    const first = await get(url)
    const again = await get(url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers['cache-control']).toBe(referenceCacheControl)
    // Another ETag (an older answer) gets the answer in full.
    const stale = await get(url, { 'if-none-match': '"not-this-one"' })
    expect(stale.statusCode).toBe(200)
    expect(stale.json()).toEqual(first.json())
  })

  it('gives each program its own ETag', async () => {
    const onl = await get('/api/customer-api/getPOMailingAddress/onl')
    const augustar = await get('/api/customer-api/getPOMailingAddress/augustar')
    const fidbond = await get('/api/customer-api/getPOMailingAddress/fidbond')
    expect(augustar.headers.etag).toBe(onl.headers.etag) // augustar is looked up as onl
    expect(fidbond.json()).not.toEqual(onl.json())
    expect(fidbond.headers.etag).not.toBe(onl.headers.etag)
  })

  it('keeps a refusal uncached', async () => {
    const response = await get('/api/customer-api/getPOMailingAddress/nosuch')
    expect(response.statusCode).toBe(404)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers.etag).toBeUndefined()
  })

  it('answers the same, headers and body, while its data loads and once it is loaded', async () => {
    // A service just started has loaded nothing: its first answers wait for the load, the
    // later ones go at once (issue 45). Nothing may tell them apart but the request id.
    const fresh = await startTestApp()
    try {
      // What the routes ask first: nothing until a load has finished (a store of its own here).
      const { reference } = fresh.store
      expect(reference.countriesNow()).toBeUndefined()
      expect(reference.phoneNow('augustar')).toBeUndefined()
      const loaded = await reference.countries()
      expect(reference.countriesNow()).toBe(loaded)
      const phone = await reference.phoneOf('augustar')
      expect(phone).toBeTruthy()
      expect(reference.phoneNow('augustar')).toEqual({ phone })
      expect(reference.phoneNow('nosuch')).toEqual({ phone: undefined })
      for (const url of [...referenceCalls, '/api/customer-api/getPOMailingAddress/nosuch']) {
        const [loading, loaded] = [
          await fresh.app.inject({ method: 'GET', url }),
          await fresh.app.inject({ method: 'GET', url }),
        ]
        const { date: _1, 'x-request-id': _2, ...headers } = loading.headers
        const { date: _3, 'x-request-id': _4, ...again } = loaded.headers
        expect(again, url).toEqual(headers)
        expect(Object.keys(again), url).toEqual(Object.keys(headers))
        expect(loaded.statusCode, url).toBe(loading.statusCode)
        expect(loaded.body, url).toBe(loading.body)
      }
      // The whole header set of a reference answer, each value as it was.
      const countries = await fresh.app.inject({ method: 'GET', url: referenceCalls[0] })
      const { date: _5, 'x-request-id': id, ...headers } = countries.headers
      expect(id).toMatch(/^[\w-]{36}$/)
      expect(headers).toEqual({
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        'cache-control': referenceCacheControl,
        etag: countries.headers.etag,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(countries.rawPayload.length),
        connection: 'keep-alive',
      })
    } finally {
      await fresh.close()
    }
  })

  it('carries the security headers of every answer', async () => {
    const response = await get('/api/mfa/getCountries')
    expect(response.headers['content-security-policy']).toContain("default-src 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})

describe('answers about a person', () => {
  it('are never cached and carry no ETag, signed in or not', async () => {
    const client = t.client()
    const urls = ['/api/us-web-authentication/getUser', '/api/account', '/api/mfa/getDetails']
    for (const url of urls) {
      const anonymous = await client.get(url)
      expect(anonymous.headers['cache-control']).toBe('no-store')
    }
    await client.signIn('bclip_demo', demoPassword)
    for (const url of urls) {
      const response = await client.get(url)
      expect(response.statusCode, url).toBeLessThan(300)
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers.etag, url).toBeUndefined()
    }
  })

  it('are never cached however the path is spelt: judged on the route reached too', async () => {
    const client = t.client()
    await client.signIn('bclip_demo', demoPassword)
    for (const url of ['/%61pi/account', '/api/%61ccount', '/api/mfa/%67etDetails']) {
      const response = await client.get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
    // A path that reaches no route still gets the headers of every answer.
    const missing = await client.get('/%61pi/no-such-call')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('the probes', () => {
  it.each(['/healthz', '/readyz'])('%s answers data: the API answers’ headers', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    expectDataAnswerHeaders(response.headers)
    expect(response.headers['x-request-id']).toBeDefined()
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined()
  })

  it('leave the pages and unknown paths their own headers', async () => {
    for (const url of ['/usweb/login', '/nothing-here']) {
      const response = await get(url)
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'")
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin')
    }
  })
})

describe('the anti-forgery token', () => {
  const xsrfOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value

  it('is not minted by API reads, health checks or unknown paths', async () => {
    for (const url of [...referenceCalls, '/api/us-web-authentication/getUser', '/healthz']) {
      expect(xsrfOf(await get(url)), url).toBeUndefined()
    }
    expect(xsrfOf(await get('/nothing-here'))).toBeUndefined()
  })

  it('is handed out by the portal pages, once, and works for the page’s calls', async () => {
    const client = t.client()
    for (const page of ['/usweb/login', '/proliability/login', '/support-console']) {
      const fresh = await get(page)
      expect(xsrfOf(fresh), page).toMatch(/^[\w-]+\.[\w-]+$/)
    }
    const page = await client.get('/usweb/login')
    expect(xsrfOf(page)).toBeTruthy()
    // A page reloaded with a valid token does not mint another.
    expect(xsrfOf(await client.get('/usweb/mfa'))).toBeUndefined()
    const login = await client.login('bclip_demo', demoPassword)
    expect(login.statusCode).toBe(201)
  })

  it('still refuses every state-changing call without it, and the refusal hands out one', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/us-web-authentication/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userName: 'bclip_demo', password: demoPassword }).toString(),
    })
    expect(refused.statusCode).toBe(403)
    const token = xsrfOf(refused)
    expect(token).toBeTruthy()
    // A token copied from the cookie into the header then passes.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/us-web-authentication/authenticate',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': token ?? '',
      },
      cookies: { 'XSRF-TOKEN': token ?? '' },
      payload: new URLSearchParams({
        userName: 'bclip_demo',
        password: demoPassword,
        velLevel1Org: '100',
      }).toString(),
    })
    expect(retried.statusCode).toBe(201)
  })
})
