import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { t } from '../../i18n/texts.ts'
import { ExternalLink } from '../../components/external-link.tsx'

/** A card beside the login form: a heading, a line, and the one button (`children`). */
function LoginPanel(props: { id: string; title: string; intro: string; children: ReactNode }) {
  const headingId = `${props.id}-heading`
  return (
    <section className="card login-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="login-panel__title">
        {props.title}
      </h2>
      <p>{props.intro}</p>
      {props.children}
    </section>
  )
}

/** Spec §2 screen 1: the "Register Your Account" panel; Sign Up goes to registerstep1. */
export function RegisterPanel({ registerPath }: { registerPath: string }) {
  return (
    <LoginPanel id="register" title={t.login.registerTitle} intro={t.login.registerIntro}>
      <Link className="button button--secondary" to={registerPath}>
        {t.login.signUp}
      </Link>
    </LoginPanel>
  )
}

/** The augustar panel (spec §2 screen 1): Learn More opens the external site in a new window. */
export function PolicyHighlightsPanel({ href }: { href: string }) {
  return (
    <LoginPanel id="highlights" title={t.login.highlightsTitle} intro={t.login.highlightsIntro}>
      <ExternalLink className="button button--secondary" href={href}>
        {t.login.learnMore}
      </ExternalLink>
    </LoginPanel>
  )
}
