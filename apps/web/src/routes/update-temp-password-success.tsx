// /usweb/updatetemppasswordsuccess and /proliability/updatetemppasswordsuccess (spec §2
// screen 16). The shell hides the footer and background image for it (app/shell-options.ts).
import { screenTexts } from '../i18n/texts.ts'
import { areaLoginWith } from '../config/paths.ts'
import { PasswordUpdatedPanel } from '../features/temp-password/password-updated-panel.tsx'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(screenTexts.pageTitles.passwordUpdated, program.displayName)
  return <PasswordUpdatedPanel loginPath={areaLoginWith(flavour, program.code, level1Org)} />
}
