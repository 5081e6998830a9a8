// /usweb/updateinformationstep1component and /proliability/updateinformationstep1component
// (spec §2 screen 13): update the verification details after the code.
import { ContactScreen, contactTitles } from '../features/mfa/contact-screen.tsx'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(contactTitles.update, program.displayName)
  return <ContactScreen variant="update" flavour={flavour} />
}
