// /usweb/verificationinfostep2 and /proliability/verificationinfostep2 (spec §2 screen 10):
// a new user gives the verification details.
import { ContactScreen } from '../features/mfa/contact-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(t.mfa.contactTitles.enrol, program.displayName)
  return <ContactScreen variant="enrol" flavour={flavour} />
}
