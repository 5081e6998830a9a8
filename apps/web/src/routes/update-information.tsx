// /usweb/updateinformationstep1component and /proliability/updateinformationstep1component
// (spec §2 screen 13): update the verification details after the code.
import { ContactScreen } from '../features/mfa/contact-screen.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { t } from '../i18n/texts.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(t.mfa.contactTitles.update, program.displayName)
  return <ContactScreen variant="update" flavour={flavour} />
}
