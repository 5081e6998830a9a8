// The portal's texts in the active language (issue 24). Each language's load on their own,
// only the active one's, and in two parts, so that the login page fetches only what it shows
// (issues 23 and 24: its first load within 100 KB):
// - the login page's texts (the contract's login-page-texts.ts, a tenth of the catalogue,
//   and the portal's own texts of every page's frame), loaded before the first render
//   (`loadLocale`, main.tsx) in the language the service served the page in (`<html lang>`),
//   which also named their file for the browser to fetch with the page's own;
// - the whole catalogue of that language (`loadAllTexts`), which every other screen's route
//   awaits before its module loads (app/router.tsx), as does the login's submit. It is
//   fetched as soon as the member starts using the page, so it is there by then.
// Until the whole catalogue is in, `messages` and `screenTexts` hold the login page's texts
// only: the modules of the login page's first load read nothing else (the browser tests of
// both flavours and languages show every one of its texts).
// Screens read texts from here, never from the contract directly: these bindings are the
// active language's.
import {
  isLocale,
  localeCookie,
  sourceLocale,
  textAt,
  type Flavour,
  type FlavourNames,
  type Locale,
  type Program,
} from '@portal/contract'
import type { Catalogue, FormTexts, LoginPageTexts, WebTexts } from './catalogue.ts'

export type { Catalogue, FormTexts, LoginPageTexts, WebTexts }

// Set before the first render (`loadLocale`); the login page's part until `loadAllTexts`
// has the whole (see the top of this file).
export let locale: Locale = sourceLocale
export let messages = {} as Catalogue['messages']
export let passwordRuleLabels = {} as Catalogue['passwordRuleLabels']
export let screenTexts = {} as Catalogue['screenTexts']
export let webTexts = {} as WebTexts
let accountLabels: Catalogue['accountLabels'] | undefined
let translatedFormTexts: FormTexts | undefined

/**
 * The portal's own texts of the forms past the login page, in the active language. Only
 * the screens that show them import their English (form-texts.ts), not the login page.
 */
export function translatedForms(): FormTexts | undefined {
  return translatedFormTexts
}

/** An error answer of the service: its English (spec §7) and that text's key in the catalogue. */
export interface ServiceAnswer {
  message: string
  messageKey?: string | undefined
  retryAfterSeconds?: number | undefined
}

/**
 * A message the service answered, in the active language by its key (the catalogue's); as
 * sent when the key is not the catalogue's (the console's, Fastify's own) or its text has a
 * value the answer does not carry. The one value an answer carries is the seconds to wait
 * for a new code, its `retryAfterSeconds`.
 */
export function serviceAnswerText({
  message,
  messageKey,
  retryAfterSeconds,
}: ServiceAnswer): string {
  const text = messageKey === undefined ? undefined : textAt(messages, messageKey)
  if (typeof text === 'string') return text
  if (messageKey === 'throttle.waitForNewCode' && typeof retryAfterSeconds === 'number') {
    return messages.throttle.waitForNewCode(retryAfterSeconds)
  }
  return message
}

/** Spec §8: the flavour's text for a failed call, in the active language. */
export function failureTextOf(flavour: Flavour): string {
  return messages.login[failureTextKeyOf[flavour]]
}

// flavours.ts `failureText`, kept here so that the texts need not load the flavour table
// (the login page's first load: decision 0013); texts.test.ts holds the two equal.
export const failureTextKeyOf: Record<Flavour, FlavourNames['failureText']> = {
  usweb: 'technicalDifficulties',
  pl: 'somethingWentWrong',
}

/** The program's customer-number label (Account Number, Agent Number) in the active language. */
export function accountLabelOf(program: Program): string {
  return accountLabels?.[program.accountLabel] ?? program.accountLabel
}

/** The login page's texts of `next`, until its whole catalogue is in. */
function activateLoginPage(next: Locale, texts: LoginPageTexts): void {
  locale = next
  messages = texts.messages as Catalogue['messages']
  screenTexts = texts.screenTexts as Catalogue['screenTexts']
  webTexts = texts.webTexts
}

function activate(next: Locale, catalogue: Catalogue): void {
  locale = next
  messages = catalogue.messages
  passwordRuleLabels = catalogue.passwordRuleLabels
  screenTexts = catalogue.screenTexts
  webTexts = catalogue.webTexts
  accountLabels = catalogue.accountLabels
  translatedFormTexts = catalogue.formTexts
}

/**
 * The language the page was served in (`<html lang>`): the service chose it from the
 * switch's cookie, else the browser's Accept-Language (apps/server/src/plugins/web.ts).
 */
function servedLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : sourceLocale
}

const loginPageOf: Record<Locale, () => Promise<LoginPageTexts>> = {
  'en-US': () => import('./login-page-en.ts').then((module) => module.loginPageEn),
  'es-US': () => import('./login-page-es.ts').then((module) => module.loginPageEs),
}

/**
 * Loads the login page's texts in the page's language before the first render; should a
 * translation fail to load, the page shows in English rather than not at all.
 */
export async function loadLocale(next: Locale = servedLocale()): Promise<void> {
  try {
    activateLoginPage(next, await loginPageOf[next]())
  } catch (error) {
    if (next === sourceLocale) throw error
    await loadLocale(sourceLocale)
  }
}

const catalogueOf: Record<Locale, () => Promise<Catalogue>> = {
  'en-US': () => import('./catalogue-en.ts').then((module) => module.catalogueEn),
  'es-US': () => import('./catalogue-es.ts').then((module) => module.catalogueEs),
}

let allTexts: Promise<void> | undefined

/**
 * The whole catalogue of the active language, once: every screen but the login page awaits
 * it before its module loads (a module may read texts as it loads). Should it fail to load
 * (the network), the next call tries again.
 */
export function loadAllTexts(): Promise<void> {
  const active = locale
  allTexts ??= catalogueOf[active]()
    .then((catalogue) => activate(active, catalogue))
    .catch((error: unknown) => {
      allTexts = undefined
      throw error
    })
  return allTexts
}

/** Fetches the whole catalogue when the member first touches or types on the page. */
export function loadAllTextsOnFirstUse(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const
  const start = () => {
    for (const event of events) window.removeEventListener(event, start, true)
    loadAllTexts().catch(() => undefined) // a screen that needs it asks again
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
