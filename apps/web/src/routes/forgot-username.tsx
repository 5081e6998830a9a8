// /usweb/forgot-username and /proliability/forgot-username (spec §2 screen 5).
import { areaLoginWith } from '../config/paths.ts'
import { RecoveryForm } from '../features/recovery/recovery-form.tsx'
import { recoveryTexts } from '../features/recovery/recovery-texts.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(recoveryTexts().titleOf.username, program.displayName)
  return (
    <RecoveryForm
      kind="username"
      flavour={flavour}
      program={program}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
