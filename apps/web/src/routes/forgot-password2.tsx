// /usweb/forgotpassword2 and /proliability/forgotpassword2 (spec §2 screen 7): the delivery
// choice, for the customer number in custNum or the username in username.
import { useMemo } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { screenTexts } from '@portal/contract'
import { areaLoginWith } from '../config/paths.ts'
import { DeliveryChoiceForm } from '../features/recovery/delivery-choice-form.tsx'
import { recoveryKeyOf } from '../features/recovery/recovery-input.ts'
import { recoveryTexts } from '../features/recovery/recovery-texts.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  const [searchParams] = useSearchParams()
  const search = searchParams.toString()
  const recoveryKey = useMemo(
    () => recoveryKeyOf('password', new URLSearchParams(search)),
    [search],
  )
  useDocumentTitle(
    screenTexts.pageTitles.deliveryChoice,
    recoveryTexts.titleOf.password,
    program.displayName,
  )
  const loginPath = areaLoginWith(flavour, program.code, level1Org)
  // An address without a usable key names no account: start again from login.
  if (!recoveryKey) return <Navigate to={loginPath} replace />
  return (
    <DeliveryChoiceForm
      key={search}
      kind="password"
      flavour={flavour}
      program={program}
      recoveryKey={recoveryKey}
      loginPath={loginPath}
    />
  )
}
