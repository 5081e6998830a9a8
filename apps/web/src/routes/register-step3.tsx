// /usweb/registerstep3 and /proliability/registerstep3 (spec §2 screen 4). The shell hides
// the footer and background image for it (app/shell-options.ts).
import { t } from '../i18n/texts.ts'
import { useLocation } from 'react-router'
import { areaLoginWith, withLoginUsername } from '../config/paths.ts'
import { WelcomePanel } from '../features/registration/welcome-panel.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(t.registration.welcomeTitle, program.displayName)
  // Issue 43 (item 10): the new username, carried from the form, is filled in at the login.
  const state: unknown = useLocation().state
  const username =
    state && typeof state === 'object' && 'username' in state && typeof state.username === 'string'
      ? state.username
      : null
  const loginPath = withLoginUsername(areaLoginWith(flavour, program.code, level1Org), username)
  return <WelcomePanel loginPath={loginPath} />
}
