// Issue 27 (problem 9): the login shell's header before the script, and its <noscript> text.
import { describe, expect, it } from 'vitest'
import { screenTexts } from '@portal/contract'
import { screenTextsEs } from '@portal/contract/i18n'
import { fillPageShell, pageShellMarkers } from './page-shell.ts'

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
