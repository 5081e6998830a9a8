// /usweb/confirmverificationinfostep1 and /proliability/confirmverificationinfostep1 (spec §2
// screen 9): confirm the verification details on file.
import { ContactScreen } from '../features/mfa/contact-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(t.mfa.contactTitles.confirm, program.displayName)
  return <ContactScreen variant="confirm" flavour={flavour} />
}
