// /usweb/reset-password and /proliability/reset-password (spec §2 screen 8).
import { areaLoginWith } from '../config/paths.ts'
import { RecoverySentPanel } from '../features/recovery/recovery-sent-panel.tsx'
import { sentTextsOf } from '../features/recovery/recovery-texts.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(sentTextsOf('password').title, program.displayName)
  return (
    <RecoverySentPanel
      kind="password"
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
