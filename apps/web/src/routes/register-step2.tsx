// /usweb/registerstep2 and /proliability/registerstep2 (spec §2 screen 3).
import { Navigate, useLocation } from 'react-router'
import { areaLoginWith } from '../config/paths.ts'
import { CredentialsForm } from '../features/registration/credentials-form.tsx'
import { registrationDetailsOf } from '../features/registration/registration-state.ts'
import { t } from '../i18n/texts.ts'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  const details = registrationDetailsOf(useLocation().state)
  useDocumentTitle(t.registration.credentialsTitle, program.displayName)
  const loginPath = areaLoginWith(flavour, program.code, level1Org)
  // Without what step 1 found there is no customer to create the account for. The user
  // starts again from login: the guard has no pair registerstep2 → registerstep1, so that
  // is where a way back to step 1 would end anyway (spec §2 "Navigation guard").
  if (!details) return <Navigate to={loginPath} replace />
  return (
    <CredentialsForm
      flavour={flavour}
      level1Org={level1Org}
      details={details}
      loginPath={loginPath}
    />
  )
}
