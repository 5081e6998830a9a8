// /usweb/verificationinfostep1, /proliability/verificationinfostep1 and /proliability/mfa
// (spec §2 screen 11): choose where the code goes.
import { ChooseDeliveryScreen } from '../features/mfa/choose-delivery-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(t.mfa.chooseDeliveryTitle, program.displayName)
  return <ChooseDeliveryScreen flavour={flavour} />
}
