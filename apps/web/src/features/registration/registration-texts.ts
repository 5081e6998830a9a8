// Headings and labels of the registration screens (spec §2 screens 2-4): the contract's
// texts hold every text (`t.registration`), so that each lives in one place.
import { type Flavour } from '@portal/contract'
import { t } from '../../i18n/texts.ts'

/** Spec §2 screen 2: Next, or Continue in pl, in the active language. */
export function identifyButtonOf(flavour: Flavour): string {
  return t.registration.identifyButton[flavour]
}
