import { Component, use, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ErrorBanner } from '../components/error-banner.tsx'
import { flavourOfPath, pathsOf } from '../config/paths.ts'
import { ProgramContext } from '../lib/visit/program-selection.ts'
import { failureTextOf, t } from '../i18n/texts.ts'

/**
 * A screen that failed to load or render (typically a chunk gone after a deployment). The
 * user sees the flavour's failure message and a link that reloads the login page in full.
 */
export function RouteError() {
  const flavour = use(ProgramContext)?.flavour ?? flavourOfPath(window.location.pathname)
  return (
    <div className="page-error">
      <ErrorBanner items={[failureTextOf(flavour)]} />
      <p>
        <a className="button button--primary" href={pathsOf(flavour).login}>
          {t.frame.common.returnToLogin}
        </a>
      </p>
    </div>
  )
}

interface BoundaryProps {
  /** The address shown; another one (a new navigation, even to the same path) starts afresh. */
  locationKey: string
  fallback: (error: unknown) => ReactNode
  children: ReactNode
}

interface BoundaryState {
  locationKey: string
  failure: { error: unknown } | null
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { locationKey: this.props.locationKey, failure: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.locationKey === state.locationKey
      ? null
      : { locationKey: props.locationKey, failure: null }
  }

  override render() {
    const { failure } = this.state
    return failure ? this.props.fallback(failure.error) : this.props.children
  }
}

interface CatcherProps {
  children: ReactNode
  /** What shows instead of what failed; RouteError unless given. */
  fallback?: (error: unknown) => ReactNode
}

/** Shows RouteError in place of what failed below it, until the user goes to another address. */
export function RouteErrorCatcher({ children, fallback = () => <RouteError /> }: CatcherProps) {
  return (
    <ErrorBoundary locationKey={useLocation().key} fallback={fallback}>
      {children}
    </ErrorBoundary>
  )
}

/**
 * The staff console's failure page, as React Router shows it for a route without an error
 * boundary of its own: the console is a staff tool and has no member flavour.
 */
export function UnexpectedError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : JSON.stringify(error)
  const stack = error instanceof Error ? error.stack : null
  return (
    <>
      <h2>{t.frame.common.unexpectedError}</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {stack && (
        <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre>
      )}
    </>
  )
}
