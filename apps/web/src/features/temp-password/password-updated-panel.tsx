// Spec §2 screen 16: the password was updated; the user logs in again with it.
import { Link } from 'react-router'
import { screenTexts } from '@portal/contract'
import { Spinner } from '../../components/spinner.tsx'
import { useFocusOnMount } from '../../lib/page.ts'
import { useReturnToLogin } from './use-return-to-login.ts'
import './temp-password.css'

export function PasswordUpdatedPanel({ loginPath }: { loginPath: string }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const returnToLogin = useReturnToLogin(loginPath)
  return (
    <>
      <div className="temp-password">
        <section className="card temp-password__done" aria-labelledby="password-updated-heading">
          <h1 id="password-updated-heading" className="card__title" ref={headingRef} tabIndex={-1}>
            {screenTexts.tempPassword.title}
          </h1>
          <p className="temp-password__message">{screenTexts.tempPassword.updated}</p>
          <Link className="button button--primary" to={loginPath} onClick={returnToLogin.onClick}>
            Return to Login
          </Link>
        </section>
      </div>
      <Spinner active={returnToLogin.isLeaving} />
    </>
  )
}
