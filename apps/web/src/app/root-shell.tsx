import type { CSSProperties } from 'react'
import { Outlet, useLoaderData, useMatches } from 'react-router'
import { BrandHeader } from '../components/brand-header.tsx'
import { Footer } from '../components/footer.tsx'
import { env } from '../config/env.ts'
import { pathsOf } from '../config/paths.ts'
import { useProgramPhone } from '../features/brand/program-phone.ts'
import { ProgramContext } from '../lib/program-selection.ts'
import type { programLoader } from './program-loader.ts'
import { shellOptionsOf } from './route-handle.ts'

// Read once per page load: the copyright year is "taken from the current date" (spec §1).
const currentYear = new Date().getFullYear()

/**
 * Spec §2: the routed content above the footer. The pl flavour hides the shared footer; a
 * screen can hide the footer and the background image through its route `handle`.
 */
export function RootShell() {
  const selection = useLoaderData<typeof programLoader>()
  const { program, flavour } = selection
  const phone = useProgramPhone(program.code)
  const matches = useMatches()
  const { hasFooter, hasBackground } = shellOptionsOf(matches.map((match) => match.handle))
  const shellClass = ['shell', `shell--${flavour}`, hasBackground ? null : 'shell--plain']
  return (
    <ProgramContext value={selection}>
      <div
        className={shellClass.filter(Boolean).join(' ')}
        // The program's colour carries the header rule and the buttons (program catalogue).
        style={
          {
            '--color-primary': program.brand.colour,
            '--color-primary-hover': program.brand.hover,
          } as CSSProperties
        }
      >
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <BrandHeader
          program={program}
          phone={phone}
          homePath={pathsOf(flavour).login}
          liveChatUrl={env.links.liveChat}
        />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
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
    </ProgramContext>
  )
}
