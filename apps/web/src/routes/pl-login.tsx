// /proliability/ and /proliability/login (spec §2 "proliability area"): `cname` prefills the username.
import { useSearchParams } from 'react-router'
import { flavours, programOf } from '@portal/contract'
import { screenTexts, webTexts } from '../i18n/texts.ts'
import { LoginScreen } from '../features/login/login-screen.tsx'
import { useDocumentTitle } from '../lib/page.ts'

const program = programOf(flavours.pl.defaultProgram)
const insurer = program.insurerName

export function Component() {
  const [searchParams] = useSearchParams()
  const cname = searchParams.get('cname') ?? ''
  useDocumentTitle(webTexts.titles.login, program.displayName)
  return (
    <LoginScreen
      // A new cname in the address starts a fresh form.
      key={cname}
      flavour="pl"
      program={program}
      level1Org={program.level1Org}
      defaultUsername={cname}
      hasRegisterLink
      footnote={insurer && screenTexts.login.premiumCoverage(insurer)}
    />
  )
}
