// Issue 27 (problem 9): the login shell's header before the script, and its <noscript> text.
import { describe, expect, it } from 'vitest'
import { screenTexts } from '@portal/contract'
import { screenTextsEs } from '@portal/contract/i18n'
import { createHash } from 'node:crypto'
import { fillPageShell, pageShellMarkers, withRenderedLogin } from './page-shell.ts'

const shell = `<div id="root">${pageShellMarkers.root}</div><noscript>${pageShellMarkers.noScript}</noscript>`

describe('the login shell', () => {
  it('names the program of the address, with its number as a tel: link', () => {
    const html = fillPageShell(shell, { program: 'fidbond', phone: '8005550100', locale: 'en-US' })
    expect(html).toContain('Fidelity Bond')
    expect(html).toContain(screenTexts.pageShell.loading)
    expect(html).toMatch(/<header class="page-shell__header">/)
    expect(html.match(/href="tel:\+18005550100"/g)).toHaveLength(2)
    expect(html).toContain(screenTexts.pageShell.noScriptCall)
    expect(html).not.toContain('<!--portal:')
    // The portal's header reads the number from the shell instead of asking for it.
    expect(html).toContain(
      '<div class="page-shell" data-program="fidbond" data-phone="8005550100">',
    )
  })

  it('escapes the number it writes into the page', () => {
    const html = fillPageShell(shell, { program: 'fidbond', phone: '"><script>', locale: 'en-US' })
    expect(html).not.toContain('<script>')
    expect(html).toContain('data-phone="&quot;&gt;&lt;script&gt;"')
  })

  it('speaks the page language, and names no program the address did not', () => {
    const es = fillPageShell(shell, { program: 'bclip', phone: '8005550100', locale: 'es-US' })
    expect(es).toContain(screenTextsEs.pageShell.loading)
    const none = fillPageShell(shell, { locale: 'en-US' })
    expect(none).not.toContain('<header')
    expect(none).not.toContain('tel:')
    expect(none).toContain(screenTexts.pageShell.noScript)
  })
})

// Issue 45: the login page with the portal's own render of the screen in its root.
describe('the rendered login shell', () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:"
  const head =
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index.css">'
  const page = `<head>${head}</head>${shell}`
  const markup =
    '<link rel="preload" as="image" href="/logo.svg"/><!--$--><div class="shell" style="--color-primary:#0b4f8a">' +
    '<form class="login-form" method="post"></form><span style="color:#0b4f8a">BC</span></div><!--/$-->'
  const css = ':root{--color-text:#1b2430}'
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  const rendered = withRenderedLogin(
    page,
    markup,
    { program: 'bclip', phone: '8005550100' },
    policy,
    (href) => (href === '/assets/index.css' ? css : undefined),
  )

  it('carries the render in the root, which names the program and its number for the header', () => {
    expect(rendered.html).toContain(
      '<div id="root" data-rendered data-program="bclip" data-phone="8005550100"><!--$--><div class="shell"',
    )
    expect(rendered.html).toContain('<form class="login-form" method="post">')
    // React's hint for the footer's image is not kept ahead of the form.
    expect(rendered.html).not.toContain('rel="preload"')
  })

  it('allows exactly its style attributes and its stylesheet by their hashes, nothing inline else', () => {
    expect(rendered.html).toContain(`<style>${css}</style>`)
    // Its file is named by a disabled link only, which no browser fetches and Vite's preload
    // helper finds: the next screen does not load the stylesheet again.
    expect(rendered.html).toContain('<link rel="stylesheet" href="/assets/index.css" disabled>')
    expect(rendered.html.match(/href="\/assets\/index\.css"/g)).toHaveLength(1)
    expect(rendered.policy).toBe(
      "default-src 'self';script-src 'self';style-src 'self' " +
        `${sha(css)} 'unsafe-hashes' ${sha('--color-primary:#0b4f8a')} ${sha('color:#0b4f8a')};` +
        "img-src 'self' data:",
    )
    expect(rendered.policy).not.toContain('unsafe-inline')
    // A stylesheet the service does not know stays a link.
    const unknown = withRenderedLogin(page, markup, { program: 'bclip', phone: undefined }, policy)
    expect(unknown.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">')
    expect(unknown.policy).not.toContain(sha(css))
  })

  it('fetches its scripts at low priority: the form paints without them', () => {
    expect(rendered.html).toContain('<script type="module" fetchpriority="low" crossorigin')
    expect(rendered.html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin')
  })

  it('hides the form with JavaScript off and keeps the no-script text with the number', () => {
    const html = fillPageShell(rendered.html, {
      program: 'bclip',
      phone: '8005550100',
      locale: 'en-US',
    })
    expect(html).toContain(
      '<noscript><link rel="stylesheet" href="/no-script.css"><p class="page-shell__no-script">',
    )
    expect(html).toContain(screenTexts.pageShell.noScriptCall)
    expect(html).not.toContain('<!--portal:')
    // The plain shell's "Loading…" root is not added beside the render.
    expect(html).not.toContain(screenTexts.pageShell.loading)
  })

  it('escapes the number it writes into the root', () => {
    const html = withRenderedLogin(page, markup, { program: 'bclip', phone: '"><script>' }, policy)
    expect(html.html).toContain('data-phone="&quot;&gt;&lt;script&gt;"')
  })
})
