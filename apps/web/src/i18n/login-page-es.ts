// The Spanish of the login page (texts.ts `loadLocale`): the part of the catalogue its first
// load shows, and the portal's own texts of every page's frame. A chunk of its own, fetched
// only when Spanish is the page's language; the rest comes with catalogue-es.ts.
import { loginPageTextsEs, portalTextsEs } from '@portal/contract/i18n'
import type { LoginPageTexts } from './catalogue.ts'

export const loginPageEs: LoginPageTexts = { ...loginPageTextsEs, webTexts: portalTextsEs }
