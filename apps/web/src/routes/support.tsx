// /usweb/support and /proliability/support (spec §2 screen 14). The ticket number comes in
// the query parameter incidentID.
import { useSearchParams } from 'react-router'
import { formatProgramPhone } from '@portal/contract'
import { areaLoginWith } from '../config/paths.ts'
import { useProgramPhone } from '../features/brand/program-phone.ts'
import { SupportScreen, supportTitle } from '../features/mfa/support-screen.tsx'
import { incidentParam } from '../lib/mfa-next-step.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  const [searchParams] = useSearchParams()
  const phone = useProgramPhone(program.code)
  useDocumentTitle(supportTitle, program.displayName)
  return (
    <SupportScreen
      flavour={flavour}
      phone={phone && formatProgramPhone(program.code, phone)}
      incidentID={searchParams.get(incidentParam) ?? ''}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
