// The texts of every locale (issue 24), for the service and the tests: the tree filed by flow
// (../texts/), and its views in the shapes written before it (../texts/views.ts). Kept apart
// from the contract's index: a locale's texts load only when it is the active one.
import { messages, screenTexts } from '../messages.ts'
import { enUS, esUS } from '../texts/index.ts'
import { viewsOf } from '../texts/views.ts'
import type { Locale } from './locales.ts'

export * from '../texts/translation.ts'
export * from './locales.ts'
export { enUS, esUS, textsByLocale, type Flow, type Texts } from '../texts/index.ts'

/** The English source of the contract's texts, in the shape every locale has. */
export const contractTextsEn = { ...viewsOf(enUS), messages, screenTexts }

export type ContractTexts = ReturnType<typeof viewsOf>

export const contractTextsEs: ContractTexts = viewsOf(esUS)

export const contractTexts: Record<Locale, ContractTexts> = {
  'en-US': contractTextsEn,
  'es-US': contractTextsEs,
}

export const messagesEs = contractTextsEs.messages
export const screenTextsEs = contractTextsEs.screenTexts
export const passwordRuleLabelsEs = contractTextsEs.passwordRuleLabels
export const accountLabelsEs = contractTextsEs.accountLabels
export const portalTextsEs = contractTextsEs.portalTexts
export const portalFormTextsEs = contractTextsEs.portalFormTexts
export { portalFormTextsEn, portalTextsEn } from '../messages.ts'
