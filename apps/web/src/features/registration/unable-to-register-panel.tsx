// usweb register2 (spec §2, §4 "Registration"): where step 1 goes when the existing-account
// check errors. The specification does not show the screen; it says what went wrong and
// gives a next step: try again later, or call (the number written out, tap-to-call).
import { Link } from 'react-router'
import { t } from '../../i18n/texts.ts'
import { ErrorBanner } from '../../components/error-banner.tsx'
import { PhoneLink } from '../../components/phone-link.tsx'
import { useProgramSelection } from '../../lib/visit/program-selection.ts'
import { useProgramPhone } from '../../lib/visit/program-phone.ts'
import './registration.css'

export function UnableToRegisterPanel({ loginPath }: { loginPath: string }) {
  const { program } = useProgramSelection()
  const phone = useProgramPhone(program.code)
  return (
    <div className="page-column">
      <ErrorBanner items={[t.registration.unableToProcess]} />
      <section className="card registration__done" aria-labelledby="register-unable-heading">
        <h1 id="register-unable-heading" className="card__title">
          {t.registration.title}
        </h1>
        <p className="registration__help">{t.registration.unavailableHelp}</p>
        {phone && (
          <p className="registration__help">
            <strong>{t.frame.common.customerService}:</strong>{' '}
            <PhoneLink program={program.code} phone={phone} />
          </p>
        )}
        <div className="form-actions">
          <Link className="button button--primary" to={loginPath}>
            {t.registration.returnToLogin}
          </Link>
        </div>
      </section>
    </div>
  )
}
