// The English texts, whole, as main.tsx and the router load them before a screen's module
// loads (some read texts as they load): set up, before any test file is imported, for every
// test of the portal's modules (vitest.config.ts, the unit and web projects).
import { loadAllTexts, loadLocale } from '../i18n/texts.ts'

await loadLocale('en-US')
await loadAllTexts()
