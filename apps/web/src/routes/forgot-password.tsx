// /usweb/forgot-password and /proliability/forgot-password (spec §2 screen 6).
import { areaLoginWith } from '../config/paths.ts'
import { RecoveryForm } from '../features/recovery/recovery-form.tsx'
import { recoveryTexts } from '../features/recovery/recovery-texts.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(recoveryTexts().titleOf.password, program.displayName)
  return (
    <RecoveryForm
      kind="password"
      flavour={flavour}
      program={program}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
