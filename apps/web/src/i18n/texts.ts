// The portal's texts in the active language (issue 24). English, the specification's own
// texts, is built in; another language's catalogue loads on its own before the first render
// (`loadLocale`, main.tsx), so a page fetches only the language it shows. The language is
// the one the service served the page in (`<html lang>`). Screens read texts
// from here, never from the contract directly: these bindings are the active language's.
import type { portalFormTextsEn } from '@portal/contract'
import {
  isLocale,
  localeCookie,
  messages as messagesEn,
  passwordRuleLabels as passwordRuleLabelsEn,
  screenTexts as screenTextsEn,
  sourceLocale,
  type Locale,
  portalTextsEn as webTextsEn,
  type Program,
} from '@portal/contract'

type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Translation<T[K]> }

export type WebTexts = Translation<typeof webTextsEn>
export type FormTexts = Translation<typeof portalFormTextsEn>

export interface Catalogue {
  messages: Translation<typeof messagesEn>
  passwordRuleLabels: Translation<typeof passwordRuleLabelsEn>
  screenTexts: Translation<typeof screenTextsEn>
  accountLabels: Record<Program['accountLabel'], string>
  webTexts: WebTexts
  formTexts: FormTexts
  translateServerText: (text: string) => string
}

export let locale: Locale = sourceLocale
export let messages: Catalogue['messages'] = messagesEn
export let passwordRuleLabels: Catalogue['passwordRuleLabels'] = passwordRuleLabelsEn
export let screenTexts: Catalogue['screenTexts'] = screenTextsEn
export let webTexts: WebTexts = webTextsEn
/**
 * A text the service sent (its answers stay English, spec §7) in the active language, by
 * the key the English text has in the contract's catalogue (server-texts.ts, loaded with a
 * translation). English shows it as sent.
 */
export let translateServerText: (text: string) => string = (text) => text
let accountLabels: Catalogue['accountLabels'] | undefined
let translatedFormTexts: FormTexts | undefined

/**
 * The portal's own texts of the forms past the login page, in the active language. Only
 * the screens that show them import their English (form-texts.ts), not the login page.
 */
export function translatedForms(): FormTexts | undefined {
  return translatedFormTexts
}

/** The program's customer-number label (Account Number, Agent Number) in the active language. */
export function accountLabelOf(program: Program): string {
  return accountLabels?.[program.accountLabel] ?? program.accountLabel
}

function activate(next: Locale, catalogue: Catalogue): void {
  locale = next
  messages = catalogue.messages
  passwordRuleLabels = catalogue.passwordRuleLabels
  screenTexts = catalogue.screenTexts
  webTexts = catalogue.webTexts
  accountLabels = catalogue.accountLabels
  translatedFormTexts = catalogue.formTexts
  translateServerText = catalogue.translateServerText
}

/**
 * The language the page was served in (`<html lang>`): the service chose it from the
 * switch's cookie, else the browser's Accept-Language (apps/server/src/plugins/web.ts).
 */
function servedLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : sourceLocale
}

/** Loads the page's language's catalogue (none for English) before the first render. */
export async function loadLocale(next: Locale = servedLocale()): Promise<void> {
  if (next === sourceLocale) return
  const { catalogueEs } = await import('./catalogue-es.ts')
  activate(next, catalogueEs)
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
