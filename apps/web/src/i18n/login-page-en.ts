// The English of the login page (texts.ts `loadLocale`): the part of the catalogue its first
// load shows, and the portal's own texts of every page's frame. A chunk of its own, fetched
// only when English is the page's language; the rest comes with catalogue-en.ts.
import { loginPageTexts, portalTextsEn } from '@portal/contract'
import type { LoginPageTexts } from './catalogue.ts'

export const loginPageEn: LoginPageTexts = { ...loginPageTexts, webTexts: portalTextsEn }
