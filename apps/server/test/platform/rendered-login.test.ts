// Issue 45: a login address that names its program is sent with the login screen rendered in
// it (apps/web/src/prerender.tsx, plugins/page-shell.ts), in the page's language, under a
// policy that allows its inline styles by hash only. Needs `npm run build`.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractTexts } from '@portal/contract/i18n'
import { startTestApp, type TestApp } from '../harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => t?.close())

const get = (url: string, language = 'en-US') =>
  t.app.inject({ url, headers: { 'accept-language': language } })

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('the rendered login page', () => {
  it.each([
    ['/usweb/login?prgName=bclip&level1Org=100', 'en-US', 'bclip'],
    ['/usweb/login?prgName=bclip&level1Org=100', 'es-US', 'bclip'],
    ['/proliability/login', 'en-US', 'proliability'],
    ['/proliability/login', 'es-US', 'proliability'],
  ] as const)('%s in %s carries the form in its language', async (url, locale, program) => {
    const page = await get(url, locale)
    expect(page.statusCode).toBe(200)
    const texts = contractTexts[locale].screenTexts.login
    expect(page.body).toMatch(new RegExp(`<div id="root" data-rendered data-program="${program}"`))
    expect(page.body).toMatch(/<form class="login-form"[^>]* method="post"/)
    expect(page.body).toContain(`<h1 id="login-heading" class="card__title">${texts.title}</h1>`)
    expect(page.body).toContain(`>${texts.usernameLabel}</label>`)
    expect(page.body).toContain(`>${texts.passwordLabel}</label>`)
    // The stylesheet is in the page; its file is named only by a disabled link, which Vite's
    // preload helper finds, so that the next screen does not fetch the file again.
    expect(page.body).toMatch(
      /<\/style>\s*<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>/,
    )
    expect(page.body).not.toMatch(/<link rel="stylesheet" crossorigin/)
    // With JavaScript off the form is hidden, and the no-script text gives the number.
    expect(page.body).toContain('<noscript><link rel="stylesheet" href="/no-script.css">')
    expect(page.body).toContain(contractTexts[locale].screenTexts.pageShell.noScriptCall)
  })

  it('allows each inline style of the page by its hash, and no other', async () => {
    const page = await get('/usweb/login?prgName=augustar')
    const policy = String(page.headers['content-security-policy'])
    const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []
    const attributes = [...page.body.matchAll(/ style="([^"]*)"/g)].map(([, value = '']) => value)
    const elements = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
      ([, css = '']) => css,
    )
    expect(attributes.length).toBeGreaterThan(0)
    expect(elements).toHaveLength(1)
    expect(styleSrc).toEqual([
      "'self'",
      ...elements.map(sha),
      "'unsafe-hashes'",
      ...new Set(attributes.map(sha)),
    ])
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toContain('unsafe-inline')
  })

  it('is the plain shell where the address does not decide the page', async () => {
    // No program named: the portal shows the one this browser tab remembers.
    const remembered = await get('/usweb/login')
    // `cname` fills in the form.
    const filledIn = await get('/usweb/login?prgName=bclip&cname=someone')
    for (const page of [remembered, filledIn]) {
      expect(page.statusCode).toBe(200)
      expect(page.body).not.toContain('data-rendered')
      expect(page.body).toContain('<p class="page-shell__loading">')
      expect(page.headers['content-security-policy']).toContain("style-src 'self';")
    }
  })

  it('is one page whatever level1Org the address carries', async () => {
    const [one, other] = await Promise.all([
      get('/usweb/login?prgName=bclip&level1Org=100'),
      get('/usweb/login?prgName=bclip&level1Org=200'),
    ])
    expect(one.headers.etag).toBe(other.headers.etag)
  })
})
