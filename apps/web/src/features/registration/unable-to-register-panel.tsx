// usweb register2 (spec §2, §4 "Registration"): where step 1 goes when the existing-account
// check errors. The specification does not show the screen; it says what went wrong and
// leads back to login.
import { Link } from 'react-router'
import { messages } from '@portal/contract'
import { ErrorBanner } from '../../components/error-banner.tsx'
import { registrationTexts as t } from './registration-texts.ts'
import './registration.css'

const bannerItems = [messages.registration.unableToProcess]

export function UnableToRegisterPanel({ loginPath }: { loginPath: string }) {
  return (
    <div className="page-column">
      <ErrorBanner items={bannerItems} />
      <section className="card registration__done" aria-labelledby="register-unable-heading">
        <h1 id="register-unable-heading" className="card__title">
          {t.title}
        </h1>
        <Link className="button button--primary" to={loginPath}>
          {t.returnToLogin}
        </Link>
      </section>
    </div>
  )
}
