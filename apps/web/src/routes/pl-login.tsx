// /proliability/ and /proliability/login (spec §2 "proliability area"): `cname` prefills the username.
import { flavours, programOf } from '@portal/contract'
import { t } from '../i18n/texts.ts'
import { LoginScreen } from '../features/login/login-screen.tsx'
import { useLoginRoute } from '../features/login/login-route.ts'

const program = programOf(flavours.pl.defaultProgram)
const insurer = program.insurerName

export function Component() {
  const cname = useLoginRoute(program.displayName)
  return (
    <LoginScreen
      // A new cname in the address starts a fresh form.
      key={cname}
      flavour="pl"
      program={program}
      level1Org={program.level1Org}
      defaultUsername={cname}
      hasRegisterLink
      footnote={insurer && t.login.premiumCoverage(insurer)}
    />
  )
}
