import { useEffect, useLayoutEffect, useMemo, type CSSProperties } from 'react'
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router'
import { BrandHeader } from '../components/brand-header.tsx'
import { Footer } from '../components/footer.tsx'
import { env } from '../config/env.ts'
import { t } from '../i18n/texts.ts'
import { areaLoginWith, pathsOf } from '../config/paths.ts'
import { useProgramPhoneLookup } from '../lib/visit/program-phone.ts'
import { brandOf } from '../config/brand.ts'
import {
  ProgramContext,
  selectAndRememberProgram,
  useProgramSelection,
} from '../lib/visit/program-selection.ts'
import { admits, type Entry } from './guard.ts'
import { RouteErrorCatcher } from './route-error.tsx'
import { shellOptionsOf } from './shell-options.ts'

// Read once per page load: the copyright year is "taken from the current date" (spec §1).
const currentYear = new Date().getFullYear()

// The address the user is on: the last one shown (committed), which the guard judges a
// navigation by while the next address renders. None before the first is shown.
const shown: { entry?: Entry } = {}

/** Is the user let into `pathname` (spec §2 "Navigation guard")? */
function useAdmission(pathname: string): boolean {
  const admitted = admits(shown.entry, pathname)
  useLayoutEffect(() => {
    shown.entry = { pathname, admitted }
  }, [pathname, admitted])
  // Leaving the member area (for the console) leaves no address to judge a return by.
  useLayoutEffect(
    () => () => {
      shown.entry = undefined
    },
    [],
  )
  return admitted
}

/**
 * The root of the member area. Every address chooses the program (spec §1), remembered in
 * the session before any screen renders (screens read it in their initial state), and is
 * judged by the navigation guard; a refused address goes to the area's login unseen.
 */
export function MemberRoot() {
  const { pathname, search } = useLocation()
  const selection = useMemo(
    () => selectAndRememberProgram({ pathname, search }),
    [pathname, search],
  )
  const admitted = useAdmission(pathname)
  return (
    <ProgramContext value={selection}>{admitted ? <Outlet /> : <ToAreaLogin />}</ProgramContext>
  )
}

/**
 * Sends the user on from an address that shows nothing. The history ends as it did when
 * loaders redirected: an address the portal navigated to is replaced; one the browser came
 * to (typed, reloaded, Back or Forward) stays, with the target added after it.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate()
  const isPop = useNavigationType() === NavigationType.Pop
  useEffect(() => {
    // Once only, even when effects run twice (StrictMode in development).
    if (`${window.location.pathname}${window.location.search}` === to) return
    void navigate(to, { replace: !isPop })
  }, [navigate, to, isPop])
  return null
}

/**
 * Unknown paths and refused ones go to their area's login; usweb keeps the program and
 * level1Org that the session holds (spec §2 "Navigation guard": "in usweb with the stored
 * prgName and level1Org").
 */
export function ToAreaLogin() {
  const { program, flavour, level1Org } = useProgramSelection()
  return <Redirect to={areaLoginWith(flavour, program.code, level1Org)} />
}

/**
 * Spec §2: the routed screen above the footer. The pl flavour hides the shared footer; the
 * plain screens (shell-options.ts) hide the footer and the background image.
 */
export function RootShell() {
  const selection = useProgramSelection()
  const { program, flavour } = selection
  const { phone, isPending: isPhonePending } = useProgramPhoneLookup(program.code)
  const { hasFooter, hasBackground } = shellOptionsOf(useLocation().pathname)
  const shellClass = ['shell', `shell--${flavour}`, hasBackground ? null : 'shell--plain']
  return (
    <div
      className={shellClass.filter(Boolean).join(' ')}
      // The program's colour (config/brand.ts) carries the header rule, the buttons, the links,
      // the header's phone number and the focus ring (issue 27).
      style={
        {
          '--color-primary': brandOf(program.code).colour,
          '--color-primary-hover': brandOf(program.code).hover,
          '--color-link': brandOf(program.code).colour,
          '--focus': brandOf(program.code).colour,
        } as CSSProperties
      }
    >
      <a className="skip-link" href="#main">
        {t.frame.common.skipToMain}
      </a>
      <BrandHeader
        program={program}
        phone={phone}
        isPhonePending={isPhonePending}
        homePath={pathsOf(flavour).login}
        liveChatUrl={env.links.liveChat}
      />
      <main id="main" className="shell__main" tabIndex={-1}>
        <RouteErrorCatcher>
          <Outlet />
        </RouteErrorCatcher>
      </main>
      {flavour === 'usweb' && hasFooter && (
        <Footer
          privacyPolicyUrl={env.links.privacyPolicy}
          termsOfUseUrl={env.links.termsOfUse}
          consultingFirmUrl={env.links.consultingFirm}
          year={currentYear}
        />
      )}
    </div>
  )
}
