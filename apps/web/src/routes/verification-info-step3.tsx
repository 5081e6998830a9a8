// /usweb/verificationinfostep3 and /proliability/verificationinfostep3 (spec §2 screen 12):
// enter the code.
import { EnterCodeScreen } from '../features/mfa/enter-code-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(t.mfa.enterCodeTitle, program.displayName)
  return <EnterCodeScreen flavour={flavour} />
}
