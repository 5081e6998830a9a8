import { Link } from 'react-router'
import { screenTexts } from '../../i18n/texts.ts'
import { ExternalLink } from '../../components/external-link.tsx'

const t = screenTexts.login

/** Spec §2 screen 1: the "Register Your Account" panel; Sign Up goes to registerstep1. */
export function RegisterPanel({ registerPath }: { registerPath: string }) {
  return (
    <section className="card login-panel" aria-labelledby="register-heading">
      <h2 id="register-heading" className="login-panel__title">
        {t.registerTitle}
      </h2>
      <p>{t.registerIntro}</p>
      <Link className="button button--secondary" to={registerPath}>
        {t.signUp}
      </Link>
    </section>
  )
}

/** The augustar panel (spec §2 screen 1): Learn More opens the external site in a new window. */
export function PolicyHighlightsPanel({ href }: { href: string }) {
  return (
    <section className="card login-panel" aria-labelledby="highlights-heading">
      <h2 id="highlights-heading" className="login-panel__title">
        {t.highlightsTitle}
      </h2>
      <p>{t.highlightsIntro}</p>
      <ExternalLink className="button button--secondary" href={href}>
        {t.learnMore}
      </ExternalLink>
    </section>
  )
}
