// The English catalogue of the portal, whole: the specification's texts (the contract's
// messages.ts) and the portal's own. The login page shows English without it (texts.ts);
// every other screen loads it first. Taken from the contract's index, not its i18n entry,
// which would bring the Spanish along.
import {
  messages,
  passwordRuleLabels,
  portalFormTextsEn,
  portalTextsEn,
  screenTexts,
} from '@portal/contract'
import type { Catalogue } from './catalogue.ts'

export const catalogueEn: Catalogue = {
  messages,
  passwordRuleLabels,
  screenTexts,
  webTexts: portalTextsEn,
  formTexts: portalFormTextsEn,
}
