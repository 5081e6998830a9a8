// Issue 24: every key of the English source has its Spanish, and no more; the Spanish texts
// are not English ones left untranslated.
import { describe, expect, it } from 'vitest'
import {
  contractTextsEn,
  contractTextsEs,
  enUS,
  esUS,
  localeFromAcceptLanguage,
  localeFromCookieHeader,
  missingKeys,
  textsOf,
} from './index.ts'
import { messages, screenTexts } from '../messages.ts'

/** Texts the same in both languages (a heading word, a punctuation mark). */
const sameInBoth = new Set([
  'messages.errorBannerHeading',
  'messages.login.lockedTail',
  'portalTexts.common.errorTitlePrefix',
  'portalFormTexts.mfa.contactTypes.Personal',
  // The same texts where the views of texts/views.ts show a flow whole.
  'messages.mfa.contactTypes.Personal',
  'screenTexts.login.lockedTail',
  'screenTexts.mfa.contactTypes.Personal',
])

/** The same in the tree filed by flow (../texts/). */
const sameInBothTree = new Set([
  'frame.errorBannerHeading',
  'login.lockedTail',
  'frame.common.errorTitlePrefix',
  'mfa.contactTypes.Personal',
])

describe('the es-US texts, filed by flow (issue 42)', () => {
  it('have every key of en-US and no other, flow by flow', () => {
    expect(Object.keys(esUS)).toEqual(Object.keys(enUS))
    expect(missingKeys(enUS, esUS)).toEqual([])
  })

  it('translate every text', () => {
    const english = new Map(textsOf(enUS))
    const untranslated = textsOf(esUS)
      .filter(([key, text]) => !sameInBothTree.has(key) && english.get(key) === text)
      .map(([key]) => key)
    expect(untranslated).toEqual([])
  })
})

describe('the es-US catalogue', () => {
  it('has every key of en-US and no other', () => {
    expect(missingKeys(contractTextsEn, contractTextsEs)).toEqual([])
  })

  it('names the key a translation lacks', () => {
    const lacking = { messages: { login: { mismatch: 'x' } } }
    expect(missingKeys({ messages: { login: { mismatch: 'a', locked: 'b' } } }, lacking)).toEqual([
      'messages.login.locked',
    ])
  })

  it('translates every text', () => {
    const english = new Map(textsOf(contractTextsEn))
    const untranslated = textsOf(contractTextsEs)
      .filter(([key, text]) => !sameInBoth.has(key) && english.get(key) === text)
      .map(([key]) => key)
    expect(untranslated).toEqual([])
  })

  it('formats its ICU messages: plurals, selects and values', () => {
    const es = contractTextsEs
    expect(es.messages.throttle.waitForNewCode(1)).toBe(
      'Espere 1 segundo antes de pedir un código nuevo.',
    )
    expect(es.messages.throttle.waitForNewCode(30)).toBe(
      'Espere 30 segundos antes de pedir un código nuevo.',
    )
    expect(es.screenTexts.mfa.codeSent('email')).toContain('a su correo electrónico.')
    expect(es.screenTexts.mfa.codeSent('mobile')).toContain('a su número de celular.')
    expect(es.messages.validation.email('a@b')).toBe('Ingrese un correo electrónico válido. (a@b)')
  })

  it('leaves the English source as the specification writes it', () => {
    expect(contractTextsEn.messages).toBe(messages)
    expect(contractTextsEn.screenTexts).toBe(screenTexts)
  })
})

describe('choosing the language', () => {
  it('takes the first language of Accept-Language that the portal speaks', () => {
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es-US')
    expect(localeFromAcceptLanguage('fr-FR, es;q=0.5, en;q=0.7')).toBe('en-US')
    expect(localeFromAcceptLanguage('fr-FR, es;q=0.5')).toBe('es-US')
    expect(localeFromAcceptLanguage('es;q=0')).toBe('en-US')
    expect(localeFromAcceptLanguage(['es-US', 'en-US'])).toBe('es-US')
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US')
  })

  it('reads the remembered language from the cookie, nothing else', () => {
    expect(localeFromCookieHeader('a=1; portal_lang=es-US')).toBe('es-US')
    expect(localeFromCookieHeader('portal_lang=de-DE')).toBeUndefined()
    expect(localeFromCookieHeader(undefined)).toBeUndefined()
  })
})
