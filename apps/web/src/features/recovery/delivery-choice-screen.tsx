// Spec §2 screen 7, the delivery choice of both recoveries: forgotusername2 (custNum) and
// forgotpassword2 (custNum or username).
import { useMemo } from 'react'
import { Navigate, useLocation } from 'react-router'
import { t } from '../../i18n/texts.ts'
import { areaLoginWith } from '../../config/paths.ts'
import { DeliveryChoiceForm } from './delivery-choice-form.tsx'
import { recoveryKeyOf, type RecoveryKind } from './recovery-input.ts'

import { useDocumentTitle } from '../../lib/visit/page.ts'
import { useProgramSelection } from '../../lib/visit/program-selection.ts'

/** Step 2 of either recovery: the delivery choice for the account the address names. */
export function DeliveryChoiceScreen({ kind }: { kind: RecoveryKind }) {
  const { program, flavour, level1Org } = useProgramSelection()
  // The query as URLSearchParams writes it (as useSearchParams did, which the portal no longer
  // bundles: issue 45).
  const search = new URLSearchParams(useLocation().search).toString()
  const recoveryKey = useMemo(
    () => recoveryKeyOf(kind, new URLSearchParams(search)),
    [kind, search],
  )
  useDocumentTitle(
    t.screens.pageTitles.deliveryChoice,
    t.recovery.titleOf[kind],
    program.displayName,
  )
  const loginPath = areaLoginWith(flavour, program.code, level1Org)
  // An address without a usable key names no account: start again from login.
  if (!recoveryKey) return <Navigate to={loginPath} replace />
  return (
    <DeliveryChoiceForm
      key={search}
      kind={kind}
      flavour={flavour}
      program={program}
      recoveryKey={recoveryKey}
      loginPath={loginPath}
    />
  )
}
