// /usweb/updatetemppassword and /proliability/updatetemppassword (spec §2 screen 15).
import { areaLoginWith, pathsOf } from '../config/paths.ts'
import { tempPasswordTexts } from '../features/temp-password/temp-password-texts.ts'
import { UpdateTempPasswordForm } from '../features/temp-password/update-temp-password-form.tsx'
import { useDocumentTitle } from '../lib/page.ts'
import { useProgramSelection } from '../lib/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(tempPasswordTexts.title, program.displayName)
  return (
    <UpdateTempPasswordForm
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
      successPath={pathsOf(flavour).updateTempPasswordSuccess}
    />
  )
}
