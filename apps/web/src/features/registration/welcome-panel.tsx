// Spec §2 screen 4: registration is complete; the user logs in with the new account. The
// router hides the footer and background image; this screen has no spinner.
import { Link } from 'react-router'
import { screenTexts } from '@portal/contract'
import { useFocusOnMount } from '../../lib/page.ts'
import { registrationTexts as t } from './registration-texts.ts'
import './registration.css'

export function WelcomePanel({ loginPath }: { loginPath: string }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  return (
    <div className="registration">
      <section className="card registration__done" aria-labelledby="register-welcome-heading">
        <h1 id="register-welcome-heading" className="card__title" ref={headingRef} tabIndex={-1}>
          {screenTexts.registration.welcomeTitle}
        </h1>
        <p className="registration__message">{screenTexts.registration.welcome}</p>
        <Link className="button button--primary" to={loginPath}>
          {t.returnToLogin}
        </Link>
      </section>
    </div>
  )
}
