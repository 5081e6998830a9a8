// /usweb/confirmverificationinfostep1 and /proliability/confirmverificationinfostep1 (spec §2
// screen 9): confirm the verification details on file.
import { ContactScreen, contactTitles } from '../features/mfa/contact-screen.tsx'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour } = useProgramSelection()
  useDocumentTitle(contactTitles.confirm, program.displayName)
  return <ContactScreen variant="confirm" flavour={flavour} />
}
