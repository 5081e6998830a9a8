// /usweb/registerstep1 and /proliability/registerstep1 (spec §2 screen 2).
import { areaLoginWith } from '../config/paths.ts'
import { IdentifyForm } from '../features/registration/identify-form.tsx'
import { t } from '../i18n/texts.ts'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, flavour, level1Org } = useProgramSelection()
  useDocumentTitle(t.registration.title, program.displayName)
  return (
    <IdentifyForm
      flavour={flavour}
      program={program}
      level1Org={level1Org}
      loginPath={areaLoginWith(flavour, program.code, level1Org)}
    />
  )
}
