import { Link } from 'react-router'
import { ExternalLink } from '../../components/external-link.tsx'

/** Spec §2 screen 1: the "Register Your Account" panel; Sign Up goes to registerstep1. */
export function RegisterPanel({ registerPath }: { registerPath: string }) {
  return (
    <section className="card login-panel" aria-labelledby="register-heading">
      <h2 id="register-heading" className="login-panel__title">
        Register Your Account
      </h2>
      <p>
        New to the portal? Set up your online account to view your coverage and manage your policy
        at any time.
      </p>
      <Link className="button button--secondary" to={registerPath}>
        Sign Up
      </Link>
    </section>
  )
}

/** The augustar panel (spec §2 screen 1): Learn More opens the external site in a new window. */
export function PolicyHighlightsPanel({ href }: { href: string }) {
  return (
    <section className="card login-panel" aria-labelledby="highlights-heading">
      <h2 id="highlights-heading" className="login-panel__title">
        Policy Highlights and Premiums
      </h2>
      <p>See what your errors and omissions coverage includes and what it costs.</p>
      <ExternalLink className="button button--secondary" href={href}>
        Learn More
      </ExternalLink>
    </section>
  )
}
