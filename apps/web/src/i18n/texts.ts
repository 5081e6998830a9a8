// The portal's texts in the active language (issue 24), read one way: `t.login.title`,
// `t.frame.header.email`, `t.mfa.wrongCode` — the contract's tree (packages/contract/src/
// texts/), one key per text, filed by flow. Each language loads on its own, only the active
// one's, in two parts, so that the login page fetches only what it shows (issues 23 and 24:
// its first load within 100 KB):
// - `login` and `frame` (first-en.ts, first-es.ts), loaded before the first render
//   (`loadLocale`, main.tsx) in the language the service served the page in (`<html lang>`);
// - every other flow (catalogue-en.ts, catalogue-es.ts, `loadAllTexts`), which every other screen's
//   route awaits before its module loads (app/router.tsx), as does the login's submit. It is
//   fetched as soon as the member starts using the page, so it is there by then.
// Read `t` when rendering or handling an event, never when a module loads: a flow not yet
// loaded is undefined, so a module that read one at evaluation would fail at once.
import {
  isLocale,
  localeCookie,
  sourceLocale,
  textAt,
  type Flavour,
  type FlavourNames,
  type Locale,
} from '@portal/contract'
import type { FirstTexts, PortalTexts, RestTexts } from './shape.ts'

/** The texts of the active language, by flow. */
export const t = {} as PortalTexts

export let locale: Locale = sourceLocale

/** An error answer of the service: its English (spec §7) and that text's key in the texts. */
export interface ServiceAnswer {
  message: string
  messageKey?: string | undefined
  retryAfterSeconds?: number | undefined
}

/**
 * A message the service answered, in the active language by its key (the texts'); as sent
 * when the key is not the texts' (the console's, Fastify's own) or its text has a value the
 * answer does not carry. The one value an answer carries is the seconds to wait for a new
 * code, its `retryAfterSeconds`.
 */
export function serviceAnswerText({
  message,
  messageKey,
  retryAfterSeconds,
}: ServiceAnswer): string {
  const text = messageKey === undefined ? undefined : textAt(t, messageKey)
  if (typeof text === 'string') return text
  if (messageKey === 'throttle.waitForNewCode' && typeof retryAfterSeconds === 'number') {
    return t.throttle.waitForNewCode(retryAfterSeconds)
  }
  return message
}

/** Spec §8: the flavour's text for a failed call, in the active language. */
export function failureTextOf(flavour: Flavour): string {
  return t.login[failureTextKeyOf[flavour]]
}

// flavours.ts `failureText`, kept here so that the texts need not load the flavour table
// (the login page's first load: decision 0013); texts.test.ts holds the two equal.
export const failureTextKeyOf: Record<Flavour, FlavourNames['failureText']> = {
  usweb: 'technicalDifficulties',
  pl: 'somethingWentWrong',
}

/**
 * The language the page was served in (`<html lang>`): the service chose it from the
 * switch's cookie, else the browser's Accept-Language (apps/server/src/plugins/web.ts).
 */
function servedLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : sourceLocale
}

const firstOf: Record<Locale, () => Promise<FirstTexts>> = {
  'en-US': () => import('./first-en.ts').then((module) => module.first),
  'es-US': () => import('./first-es.ts').then((module) => module.first),
}

/**
 * Loads the login page's texts in the page's language before the first render; should a
 * translation fail to load, the page shows in English rather than not at all.
 */
export async function loadLocale(next: Locale = servedLocale()): Promise<void> {
  try {
    const first = await firstOf[next]()
    locale = next
    Object.assign(t, first)
  } catch (error) {
    if (next === sourceLocale) throw error
    await loadLocale(sourceLocale)
  }
}

const restOf: Record<Locale, () => Promise<RestTexts>> = {
  'en-US': () => import('./catalogue-en.ts').then((module) => module.rest),
  'es-US': () => import('./catalogue-es.ts').then((module) => module.rest),
}

let allTexts: Promise<void> | undefined

/**
 * Every other flow of the active language, once: every screen but the login page awaits it
 * before its module loads. Should it fail to load (the network), the next call tries again.
 */
export function loadAllTexts(): Promise<void> {
  const active = locale
  allTexts ??= restOf[active]()
    .then((rest) => {
      if (locale === active) Object.assign(t, rest)
    })
    .catch((error: unknown) => {
      allTexts = undefined
      throw error
    })
  return allTexts
}

/**
 * Fetches the rest of the texts when the member first touches or types on the page, and with
 * them what else the next screen will need (`alongside`: the screens' modules, app/router.tsx).
 */
export function loadAllTextsOnFirstUse(alongside?: () => Promise<unknown>): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const
  const start = () => {
    for (const event of events) window.removeEventListener(event, start, true)
    loadAllTexts().catch(() => undefined) // a screen that needs it asks again
    alongside?.().catch(() => undefined) // as do the screens
  }
  for (const event of events) window.addEventListener(event, start, true)
}

/** Remembers the language for a year (a plain cookie: not a secret, not the session). */
function rememberLocale(next: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${localeCookie}=${next}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

/** Changes the language: remembered, then the page is read again in it. */
export function switchLocale(next: Locale): void {
  rememberLocale(next)
  window.location.reload()
}
