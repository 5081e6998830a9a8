// Issue 24: the page shell is served in the member's language: <html lang> says which, from
// the switch's cookie, else Accept-Language; English stays the build's page. Needs the built
// portal (`npm test` builds it).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
  if (!existsSync(join(t.config.webDistDir, 'index.html'))) {
    throw new Error('Build the portal first: npm run build')
  }
})
afterAll(() => t.close())

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const langOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1]

describe('the language of a page', () => {
  it('is English for a browser that names no language or another one', async () => {
    const browsers: Record<string, string>[] = [{}, { 'accept-language': 'fr-FR,de;q=0.8' }]
    for (const headers of browsers) {
      const answer = await page('/usweb/login', headers)
      expect(langOf(answer.body)).toBe('en')
      expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie')
    }
  })

  it("follows the browser's Accept-Language, then the cookie the switch writes", async () => {
    expect(langOf((await page('/proliability/login', { 'accept-language': 'es-MX' })).body)).toBe(
      'es-US',
    )
    const chosen = await page('/usweb/forgot-username', {
      'accept-language': 'es-MX',
      cookie: 'portal_lang=en-US',
    })
    expect(langOf(chosen.body)).toBe('en')
    expect(langOf((await page('/usweb/login', { cookie: 'portal_lang=es-US' })).body)).toBe('es-US')
  })

  it('gives each language its own ETag, and ignores a cookie naming no language it speaks', async () => {
    const english = await page('/usweb/login')
    const spanish = await page('/usweb/login', { cookie: 'portal_lang=es-US' })
    expect(spanish.headers.etag).not.toBe(english.headers.etag)
    const forged = await page('/usweb/login', { cookie: 'portal_lang="><script>alert(1)</script>' })
    expect(langOf(forged.body)).toBe('en')
    expect(forged.body).not.toContain('<script>alert(1)')
  })

  it("names its own language's login-page texts for the browser to fetch with the page, and not the other's", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/(login-page-e[ns])-/g)].map(
        (match) => match[1],
      )
    for (const path of ['/usweb/login', '/proliability/login', '/usweb/forgot-username']) {
      expect(preloads((await page(path)).body)).toEqual(['login-page-en'])
      const spanish = await page(path, { cookie: 'portal_lang=es-US' })
      expect(preloads(spanish.body)).toEqual(['login-page-es'])
    }
  })
})
