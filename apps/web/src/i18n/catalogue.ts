// The shape of a language's texts (texts.ts loads them): the catalogue files declare it
// from here, not from texts.ts, which loads them (no import circle, not even of types).
import type {
  loginPageTexts,
  messages as messagesEn,
  passwordRuleLabels as passwordRuleLabelsEn,
  portalFormTextsEn,
  portalTextsEn,
  Program,
  screenTexts as screenTextsEn,
  Translation,
} from '@portal/contract'

export type WebTexts = Translation<typeof portalTextsEn>
export type FormTexts = Translation<typeof portalFormTextsEn>

export interface Catalogue {
  messages: Translation<typeof messagesEn>
  passwordRuleLabels: Translation<typeof passwordRuleLabelsEn>
  screenTexts: Translation<typeof screenTextsEn>
  /** Each label in the language; English names each label by itself (the program catalogue's). */
  accountLabels?: Record<Program['accountLabel'], string>
  webTexts: WebTexts
  formTexts: FormTexts
}

/** The login page's texts in one language: a part of its catalogue, at the same keys. */
export type LoginPageTexts = Translation<typeof loginPageTexts> & { webTexts: WebTexts }
