// /usweb/register2 (spec §2): registration could not check for an existing account.
import { t } from '../i18n/texts.ts'
import { areaLoginWith } from '../config/paths.ts'

import { UnableToRegisterPanel } from '../features/registration/unable-to-register-panel.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(
    t.screens.pageTitles.registrationUnavailable,
    t.registration.title,
    program.displayName,
  )
  return <UnableToRegisterPanel loginPath={areaLoginWith(flavour, program.code, level1Org)} />
}
