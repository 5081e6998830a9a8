// /usweb/updatetemppasswordsuccess and /proliability/updatetemppasswordsuccess (spec §2
// screen 16). The shell hides the footer and background image for it (app/shell-options.ts).
import { t } from '../i18n/texts.ts'
import { areaLoginWith, withLoginUsername } from '../config/paths.ts'
import { PasswordUpdatedPanel } from '../features/temp-password/password-updated-panel.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { readSession } from '../lib/visit/session.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(t.screens.pageTitles.passwordUpdated, program.displayName)
  // Issue 27 (problem 8): the login after the change has the username filled in (`cname`,
  // the login's own query parameter; never the password).
  const loginPath = withLoginUsername(
    areaLoginWith(flavour, program.code, level1Org),
    readSession().username,
  )
  return <PasswordUpdatedPanel loginPath={loginPath} />
}
