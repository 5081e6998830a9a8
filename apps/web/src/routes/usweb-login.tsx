// /usweb/ and /usweb/login (spec §2 screen 1).
import { env } from '../config/env.ts'
import { paths } from '../config/paths.ts'
import { LoginScreen } from '../features/login/login-screen.tsx'
import { PolicyHighlightsPanel, RegisterPanel } from '../features/login/login-panels.tsx'
import { useLoginRoute } from '../features/login/login-route.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'

export function Component() {
  const { program, level1Org } = useProgramSelection()
  // Issue 27: `cname` fills in the username, as on pl (after a password change).
  const cname = useLoginRoute(program.displayName)
  return (
    <LoginScreen
      key={cname}
      flavour="usweb"
      defaultUsername={cname}
      program={program}
      level1Org={level1Org}
      aside={
        <>
          <RegisterPanel registerPath={paths.usweb.registerStep1} />
          {program.hasPolicyHighlights && (
            <PolicyHighlightsPanel href={env.links.policyHighlights} />
          )}
        </>
      }
    />
  )
}
