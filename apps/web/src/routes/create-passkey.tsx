// /usweb/createpasskey and /proliability/createpasskey (issue 23, not in the spec): the
// passkey offer after a code. Where the hand-off goes comes with the navigation's state.
import { useLocation } from 'react-router'
import { PasskeyOfferScreen } from '../features/mfa/passkey-offer-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  const state = useLocation().state as { target?: unknown } | null
  useDocumentTitle(t.passkeys.offerTitle, program.displayName)
  return (
    <PasskeyOfferScreen
      flavour={flavour}
      target={state?.target === 'landing' ? 'landing' : 'login'}
    />
  )
}
