// What travels over the wire: the built portal precompressed, API answers compressed above
// 1 KB, each only to a browser that accepts it. Needs the built portal (`npm test` builds it).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp, demoCustomers } from '../harness.ts'
import { fillPageShell, pageShellMarkers } from '../../src/plugins/page-shell.ts'

let t: TestApp
let entry: string
let manifest: Record<string, { file: string; isEntry?: boolean }>
beforeAll(async () => {
  t = await startTestApp()
  const manifestPath = join(t.config.webDistDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) throw new Error('Build the portal first: npm run build')
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest
  entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? ''
})
afterAll(() => t.close())

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  })

describe('the built portal', () => {
  it('sends brotli to a browser that accepts it, and gzip to one that accepts only gzip', async () => {
    const original = readFileSync(join(t.config.webDistDir, entry))
    const brotli = await get(`/${entry}`, 'gzip, deflate, br')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.rawPayload.length).toBeLessThan(original.length / 2)
    expect(brotliDecompressSync(brotli.rawPayload).equals(original)).toBe(true)

    const gzip = await get(`/${entry}`, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true)
  })

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const plain = await get(`/${entry}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.rawPayload.equals(readFileSync(join(t.config.webDistDir, entry)))).toBe(true)
  })

  it('compresses the page shell of every area', async () => {
    const shell = await get('/usweb/login', 'br')
    expect(shell.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<div id="root">')
  })

  it('sends the shell, read once at start, in the form asked for, and 304 when unchanged', async () => {
    const file = readFileSync(join(t.config.webDistDir, 'usweb-login.html'), 'utf8')
    const plain = await get('/usweb/login')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(plain.headers['cache-control']).toBe('no-cache')
    // The built page, with the run-time configuration written into its head.
    const served = plain.rawPayload.toString()
    const [head = '', body = ''] = file.split('</head>')
    expect(served).toContain(head.trimEnd())
    // Issue 27: the login shell's header is written in (no program named: the loading line).
    expect(body).toContain(pageShellMarkers.root)
    expect(served).toContain(`</head>${fillPageShell(body, { locale: 'en-US' })}`)
    expect(served).toContain('<script type="application/json" id="portal-config">')
    const gzip = await get('/usweb/login', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true)
    const etag = String(plain.headers.etag)
    const again = await t.app.inject({
      method: 'GET',
      url: '/usweb/login',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    // Still the page: it hands out the anti-forgery token.
    expect(String(again.headers['set-cookie'])).toContain('XSRF-TOKEN=')
  })
})

describe('API answers', () => {
  it('are compressed above 1 KB and left alone below it', async () => {
    const client = t.client()
    for (const username of ['bclip_demo', 'cabar_demo', 'fidbond_demo']) {
      await client.postJson('/api/us-web-authentication/sendUserName', {
        emailAddress: demoCustomers.find((c) => c.username === username)?.email,
        deliveryMethod: 'email',
        appName: 'usweb',
      })
    }
    const large = await get('/dev/outbox.json', 'br')
    expect(large.headers['content-encoding']).toBe('br')
    const body = brotliDecompressSync(large.rawPayload).toString()
    expect(body.length).toBeGreaterThan(1024)
    expect(JSON.parse(body)).toHaveLength(3)

    const small = await get('/api/mfa/getCountries', 'br')
    expect(small.rawPayload.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toContainEqual({ countryName: 'United States', dialPrefix: '1' })
  })
})

describe('the login pages', () => {
  const loginChunk = (flavour: 'usweb' | 'pl') =>
    manifest[`src/routes/${flavour}-login.tsx`]?.file ?? 'missing'
  const page = async (url: string) => {
    const response = await get(url, 'br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    return brotliDecompressSync(response.rawPayload).toString()
  }

  it("name the login screen's files, so they come with the entry", async () => {
    for (const url of ['/usweb/login?prgName=bclip&level1Org=100', '/usweb', '/usweb/Login/']) {
      // A rendered login page asks for them at low priority (rendered-login.test.ts).
      const html = (await page(url)).replaceAll(' fetchpriority="low"', '')
      expect(html, url).toContain(`<script type="module" crossorigin src="/${entry}">`)
      expect(html, url).toContain(
        `<link rel="modulepreload" crossorigin href="/${loginChunk('usweb')}">`,
      )
      expect(html, url).not.toContain(loginChunk('pl'))
    }
    const pl = (await page('/proliability/login')).replaceAll(' fetchpriority="low"', '')
    expect(pl).toContain(`<link rel="modulepreload" crossorigin href="/${loginChunk('pl')}">`)
    expect(pl).not.toContain(loginChunk('usweb'))
  })

  it('are the only ones: no other screen is preloaded (spec §2)', async () => {
    for (const url of ['/usweb/registerstep1', '/proliability/verificationinfostep1', '/usweb/x']) {
      const html = await page(url)
      expect(html, url).toContain(`src="/${entry}"`)
      expect(html, url).not.toContain(loginChunk('usweb'))
      expect(html, url).not.toContain(loginChunk('pl'))
    }
  })
})
