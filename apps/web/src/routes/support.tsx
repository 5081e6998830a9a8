// /usweb/support and /proliability/support (spec §2 screen 14). The ticket number is the one
// the service issued in this tab (the navigation's state), never one taken from the address.
import { useLocation } from 'react-router'
import { formatProgramPhone } from '@portal/contract'
import { areaLoginWith } from '../config/paths.ts'
import { useProgramPhone } from '../lib/visit/program-phone.ts'
import { SupportScreen } from '../features/mfa/support-screen.tsx'
import { incidentOfState, isLockoutState } from '../lib/sign-in/mfa-next-step.ts'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  const location = useLocation()
  const phone = useProgramPhone(program.code)
  useDocumentTitle(t.support.title, program.displayName)
  return (
    <SupportScreen
      flavour={flavour}
      phone={phone && formatProgramPhone(program.code, phone)}
      incidentID={incidentOfState(location.state)}
      isLockout={isLockoutState(location.state)}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
