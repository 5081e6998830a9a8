// Headings and labels of the registration screens (spec §2 screens 2-4): the contract's
// catalogue holds every text, so that each lives in one place.
import { type Flavour } from '@portal/contract'
import { screenTexts } from '../../i18n/texts.ts'

export const registrationTexts = screenTexts.registration

/** Spec §2 screen 2: Next, or Continue in pl. */
export const identifyButtonOf: Record<Flavour, string> = screenTexts.registration.identifyButton
