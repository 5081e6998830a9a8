import { use } from 'react'
import { ErrorBanner } from '../components/error-banner.tsx'
import { flavourOfPath, pathsOf } from '../config/paths.ts'
import { failureMessageOf } from '../lib/failure-message.ts'
import { ProgramContext } from '../lib/program-selection.ts'

const bannerItemsOf = {
  usweb: [failureMessageOf.usweb],
  pl: [failureMessageOf.pl],
} as const

/**
 * A screen that failed to load or render (typically a chunk gone after a deployment). The
 * user sees the flavour's failure message and a link that reloads the login page in full.
 */
export function RouteError() {
  const flavour = use(ProgramContext)?.flavour ?? flavourOfPath(window.location.pathname)
  return (
    <div className="page-error">
      <ErrorBanner items={bannerItemsOf[flavour]} />
      <p>
        <a className="button button--primary" href={pathsOf(flavour).login}>
          Return to Login
        </a>
      </p>
    </div>
  )
}
