// Issue 31: one build for every environment. The service writes the portal's links into the
// page it serves (a JSON data block the CSP allows, since it is never executed); the build
// itself carries no link, so no /demo/ page reaches production. Needs `npm run build`.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../harness.ts'

const links = {
  PRIVACY_POLICY_URL: 'https://association.example.org/privacy',
  TERMS_OF_USE_URL: 'https://association.example.org/terms',
  CONSULTING_FIRM_URL: 'https://consulting.example.org/',
  POLICY_HIGHLIGHTS_URL: 'https://augustar.example.org/highlights',
  LIVE_CHAT_URL: 'https://chat.example.org/?a=1&b=</script>',
  MFA_FAQ_URL: 'https://help.example.org/mfa',
}

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ env: links })
})
afterAll(async () => t?.close())

function blockOf(html: string): { links: Record<string, string> } {
  const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/.exec(html)
  if (!match?.[1]) throw new Error(`no configuration block in:\n${html}`)
  return JSON.parse(match[1]) as { links: Record<string, string> }
}

describe('run-time links', () => {
  it.each(['/usweb/login', '/proliability/login', '/usweb/register', '/support-console'])(
    'are written into the page at %s, under a CSP that runs no inline script',
    async (url) => {
      const page = await t.app.inject({ url })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(blockOf(page.body).links).toEqual({
        privacyPolicy: links.PRIVACY_POLICY_URL,
        termsOfUse: links.TERMS_OF_USE_URL,
        consultingFirm: links.CONSULTING_FIRM_URL,
        policyHighlights: links.POLICY_HIGHLIGHTS_URL,
        liveChat: links.LIVE_CHAT_URL,
        mfaFaq: links.MFA_FAQ_URL,
      })
      // A value cannot close the element early.
      expect(page.body).not.toContain('b=</script>')
      expect(page.headers['content-security-policy']).toContain("script-src 'self'")
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline')
    },
  )

  it('come compressed when the browser accepts it, and never from the built file as is', async () => {
    const page = await t.app.inject({ url: '/usweb/login', headers: { 'accept-encoding': 'br' } })
    expect(page.headers['content-encoding']).toBe('br')
    const html = brotliDecompressSync(page.rawPayload).toString()
    expect(blockOf(html).links.mfaFaq).toBe(links.MFA_FAQ_URL)
    expect((await t.app.inject({ url: '/index.html' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/usweb-login.html' })).statusCode).toBe(404)
  })

  it('are not in the build: no /demo/ link in any built script', () => {
    const dist = t.config.webDistDir
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    const withDemo = scripts.filter((file) =>
      readFileSync(join(dist, 'assets', file), 'utf8').includes('/demo/'),
    )
    expect(withDemo).toEqual([])
  })
})
