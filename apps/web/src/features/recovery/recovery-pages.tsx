// The recovery screens as their routes show them (spec §2 screens 5, 6 and 8): the program's
// page title and the way back to its login, the same for a lost username and a lost password.
import type { RecoveryKind } from './recovery-input.ts'
import { areaLoginWith } from '../../config/paths.ts'
import { useDocumentTitle } from '../../lib/visit/page.ts'
import { useProgramSelection } from '../../lib/visit/program-selection.ts'
import { RecoveryForm } from './recovery-form.tsx'
import { RecoverySentPanel } from './recovery-sent-panel.tsx'
import { sentTextsOf } from './recovery-texts.ts'
import { t } from '../../i18n/texts.ts'

/** Screens 5 and 6: what to recover it by. */
export function RecoveryPage({ kind }: { kind: RecoveryKind }) {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(t.recovery.titleOf[kind], program.displayName)
  return (
    <RecoveryForm
      kind={kind}
      flavour={flavour}
      program={program}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}

/** Screen 8: sent. */
export function RecoverySentPage({ kind }: { kind: RecoveryKind }) {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(sentTextsOf(kind).title, program.displayName)
  return (
    <RecoverySentPanel kind={kind} loginPath={areaLoginWith(flavour, program.code, level1Org)} />
  )
}
