// /usweb/registerstep3 and /proliability/registerstep3 (spec §2 screen 4). The shell hides
// the footer and background image for it (app/shell-options.ts).
import { screenTexts } from '../i18n/texts.ts'
import { areaLoginWith } from '../config/paths.ts'
import { WelcomePanel } from '../features/registration/welcome-panel.tsx'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(screenTexts.registration.welcomeTitle, program.displayName)
  return <WelcomePanel loginPath={areaLoginWith(flavour, program.code, level1Org)} />
}
