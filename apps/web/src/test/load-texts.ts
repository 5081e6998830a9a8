// The English texts, whole, as main.tsx and the router load them before a screen renders:
// set up, before any test file is imported, for every test of the portal's modules
// (vitest.config.ts, the unit and web projects). No module reads a text as it loads
// (i18n/read-when-rendering.test.ts).
import { loadAllTexts, loadLocale } from '../i18n/texts.ts'

await loadLocale('en-US')
await loadAllTexts()
