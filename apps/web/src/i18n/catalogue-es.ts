// The Spanish catalogue of the portal: the contract's texts and the portal's own. Loaded on
// its own (a chunk of its own) only when Spanish is the active language.
import { contractTextsEs } from '@portal/contract/i18n'
import type { Catalogue } from './catalogue.ts'

const { portalTexts, portalFormTexts, ...specification } = contractTextsEs

export const catalogueEs: Catalogue = {
  ...specification,
  webTexts: portalTexts,
  formTexts: portalFormTexts,
}
