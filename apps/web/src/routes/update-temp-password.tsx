// /usweb/updatetemppassword and /proliability/updatetemppassword (spec §2 screen 15).
import { t } from '../i18n/texts.ts'
import { areaLoginWith, pathsOf } from '../config/paths.ts'
import { UpdateTempPasswordForm } from '../features/temp-password/update-temp-password-form.tsx'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(t.tempPassword.title, program.displayName)
  return (
    <UpdateTempPasswordForm
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
      successPath={pathsOf(flavour).updateTempPasswordSuccess}
    />
  )
}
