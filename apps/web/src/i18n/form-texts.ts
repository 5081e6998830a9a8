// The portal's own texts of the forms past the login page (issue 24), in the active
// language. Imported by those forms only, so the login page does not fetch their English.
import { portalFormTextsEn } from '@portal/contract'
import { translatedForms, type FormTexts } from './texts.ts'

export function formTexts(): FormTexts {
  return translatedForms() ?? portalFormTextsEn
}
