// The portal's texts of every language, by locale. Imported by the service (answers, emails,
// the page before its script) and the tests; the portal loads one language's flows on their
// own (apps/web/src/i18n/texts.ts).
import type { Locale } from '../i18n/locales.ts'
import { enUS } from './en-US/index.ts'
import { esUS } from './es-US/index.ts'
import type { Texts } from './texts.ts'

export { enUS, esUS }
export type { Flow, Texts } from './texts.ts'

export const textsByLocale: Record<Locale, Texts> = { 'en-US': enUS, 'es-US': esUS }
