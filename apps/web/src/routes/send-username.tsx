// /usweb/send-username and /proliability/send-username (spec §2 screen 8).
import { areaLoginWith } from '../config/paths.ts'
import { RecoverySentPanel } from '../features/recovery/recovery-sent-panel.tsx'
import { sentTextsOf } from '../features/recovery/recovery-texts.ts'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(sentTextsOf('username').title, program.displayName)
  return (
    <RecoverySentPanel
      kind="username"
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
