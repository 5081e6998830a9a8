// The catalogues of every locale (issue 24), by locale: the specification's texts
// (../messages.ts, es-US.ts) and the portal's own (portal-en.ts, portal-es.ts). Kept apart from the contract's index:
// the login page imports the index, and a locale's texts load only when it is the active one.
import { messages, passwordRuleLabels, screenTexts } from '../messages.ts'
import { accountLabelsEs, messagesEs, passwordRuleLabelsEs, screenTextsEs } from './es-US.ts'
import type { Locale } from './locales.ts'
import { portalTextsEn } from './portal-en.ts'
import { portalFormTextsEn } from './portal-forms-en.ts'
import { portalTextsEs } from './portal-es.ts'
import { portalFormTextsEs } from './portal-forms-es.ts'
import type { Translation } from './catalogue.ts'

export * from './catalogue.ts'
export * from './locales.ts'
export { accountLabelsEs, messagesEs, passwordRuleLabelsEs, screenTextsEs } from './es-US.ts'
export { loginPageTextsEs } from './es-US-login-page.ts'
export { portalTextsEn } from './portal-en.ts'
export { portalFormTextsEn } from './portal-forms-en.ts'
export { portalTextsEs } from './portal-es.ts'
export { portalFormTextsEs } from './portal-forms-es.ts'

/** The English source of the contract's texts, in the shape every locale has. */
export const contractTextsEn = {
  messages,
  passwordRuleLabels,
  screenTexts,
  accountLabels: { 'Agent Number': 'Agent Number', 'Account Number': 'Account Number' },
  portalTexts: portalTextsEn,
  portalFormTexts: portalFormTextsEn,
} as const

export type ContractTexts = Translation<typeof contractTextsEn>

export const contractTextsEs: ContractTexts = {
  messages: messagesEs,
  passwordRuleLabels: passwordRuleLabelsEs,
  screenTexts: screenTextsEs,
  accountLabels: accountLabelsEs,
  portalTexts: portalTextsEs,
  portalFormTexts: portalFormTextsEs,
}

export const contractTexts: Record<Locale, ContractTexts> = {
  'en-US': contractTextsEn,
  'es-US': contractTextsEs,
}
