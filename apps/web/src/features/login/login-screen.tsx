// Spec §2 screen 1 and §4 "Login": the login form of both flavours, its banner and spinner.
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { limits, type Flavour, type Program } from '@portal/contract'
import { failureTextOf, loadAllTexts, t } from '../../i18n/texts.ts'
import { ErrorBanner } from '../../components/error-banner.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { TextField } from '../../components/text-field.tsx'
import { pathsOf } from '../../config/paths.ts'
import { loadScreenModules } from '../../app/load-screens.ts'
import { lazyResolver } from '../../lib/forms/lazy-resolver.ts'
import { useSubmission } from '../../lib/forms/use-submission.ts'
import type { LoginFormValues } from './login-form.ts'
import type { BannerReason } from './login-flow.ts'
import { useLoginFields } from './use-login-fields.ts'
// Its styles (login.css) are in the page's stylesheet: main.tsx imports them (issue 45).

// The login's steps and calls load when the member submits (login-submit.ts), its form's rules
// on the form's first check (login-form.ts); both are imported from app/screens.ts (issue 45).
const loadLogin = () => loadScreenModules().then(({ loginParts }) => loginParts.submit())

const loginResolver = lazyResolver<LoginFormValues>(() =>
  loadScreenModules().then(({ loginParts }) => loginParts.formResolver()),
)
type LoginField = keyof LoginFormValues

/** What a 400 can be about, and the message each field shows (spec §5 "Login"). */
function requiredMessageOf(field: LoginField): string {
  return field === 'userName' ? t.login.usernameRequired : t.login.passwordRequired
}
const loginFields: readonly LoginField[] = ['userName', 'password']

const fieldIdOf: Record<LoginField, string> = { userName: 'username', password: 'password' }

function bannerItemsFor(
  reason: BannerReason,
  flavour: Flavour,
  forgotPasswordPath: string,
): ReactNode[] {
  switch (reason) {
    case 'mismatch':
      return [t.login.mismatch]
    case 'lastAttempt':
      return [t.login.mismatch, t.login.nextAttemptLocks]
    case 'locked':
      return [
        <>
          {t.login.lockedLead}
          <Link to={forgotPasswordPath}>{t.login.lockedLink}</Link>
          {t.login.lockedTail}
        </>,
      ]
    case 'crm':
      return [t.login.invalidCrm]
    case 'failure':
      return [failureTextOf(flavour)]
  }
}

interface LoginScreenProps {
  flavour: Flavour
  /** The program of the login page (the customer lookup is made for it). */
  program: Program
  /** Sent as velLevel1Org and with the customer lookup. */
  level1Org: string
  defaultUsername?: string
  /** Panels shown beside the form (registration, policy highlights). */
  aside?: ReactNode
  /** A line under the screen (pl: who provides the coverage). */
  footnote?: ReactNode
  /** pl lists the registration link with the other links (usweb has its own panel). */
  hasRegisterLink?: boolean
}

export function LoginScreen({
  flavour,
  program,
  level1Org,
  defaultUsername = '',
  aside,
  footnote,
  hasRegisterLink = false,
}: LoginScreenProps) {
  const areaPaths = pathsOf(flavour)
  const navigate = useNavigate()
  const { bannerItems, isBusy, showBanner, onInvalid, run, guard } = useSubmission([
    failureTextOf(flavour),
  ])

  // Not react-hook-form: the login page loads no form library (use-login-fields.ts).
  const { register, handleSubmit, setError, setValue, errors } = useLoginFields<LoginFormValues>(
    loginResolver,
    { userName: defaultUsername.slice(0, limits.loginFieldMax), password: '' },
  )

  const showRejection = (message: string | null) => {
    const text = message ?? ''
    // Too many sign-ins (429, issue 14): the service's own words say to wait.
    if (text === t.login.tooManyAttempts) return showBanner([text])
    const fields = loginFields.filter(
      (field) => text.includes(requiredMessageOf(field)) || text.includes(field),
    )
    // A 400 about neither field (or with no readable answer) is a failure of the call.
    if (fields.length === 0) return showBanner([failureTextOf(flavour)])
    for (const field of fields) {
      setError(field, { type: 'server', message: requiredMessageOf(field) })
    }
    showBanner(
      fields.map((field) => ({ fieldId: fieldIdOf[field], text: requiredMessageOf(field) })),
    )
  }

  const logIn = (values: LoginFormValues) =>
    run(async () => {
      // The next screen, and the banner's translation of the service's answer, read the
      // whole catalogue: it loads beside the login's steps.
      const [login] = await Promise.all([loadLogin(), loadAllTexts()])
      const request = { flavour, program, level1Org, credentials: values }
      const end = await login.logIn(request, login.loginCalls)
      switch (end.kind) {
        case 'leave':
          // The page is being left: the spinner stays up until the browser goes.
          window.location.assign(end.url)
          return true
        case 'updateTempPassword':
          await navigate(areaPaths.updateTempPassword)
          return
        case 'mfa':
          await navigate(login.mfaScreenPath(flavour, end.screen, end.incidentID), {
            state: login.supportScreenState(end.incidentID),
          })
          return
        case 'rejected':
          return showRejection(end.message)
        case 'banner':
          // Review 15: a refused password is not left one Enter away from the lock; the
          // username stays. (A failure of the call refused nothing.)
          if (end.reason !== 'failure') setValue('password', '')
          return showBanner(bannerItemsFor(end.reason, flavour, areaPaths.forgotPassword))
        case 'stopped':
          return
      }
    })

  const usernameError = errors.userName?.message
  const passwordError = errors.password?.message

  return (
    <>
      {/* aria-busy marks the form as updating; the spinner stays outside it so that its
          "Loading" status is still announced. */}
      <div className="login-screen" aria-busy={isBusy}>
        <ErrorBanner items={bannerItems} />
        <div className={aside ? 'login-screen__grid' : 'login-screen__single'}>
          <section className="card login-card" aria-labelledby="login-heading">
            <h1 id="login-heading" className="card__title">
              {t.login.title}
            </h1>
            <p className="card__intro">{t.login.intro}</p>
            <form
              className="login-form"
              // Issue 45: the page shows the form before its script runs (the service renders
              // it); a submit then must not put the password in an address (a GET's query).
              method="post"
              noValidate
              onSubmit={guard(handleSubmit(logIn, onInvalid))}
            >
              <TextField
                id={fieldIdOf.userName}
                label={t.login.usernameLabel}
                error={usernameError}
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={limits.loginFieldMax}
                {...register('userName')}
              />
              <TextField
                id={fieldIdOf.password}
                label={t.login.passwordLabel}
                error={passwordError}
                password={{}}
                autoComplete="current-password"
                maxLength={limits.loginFieldMax}
                {...register('password')}
              />
              <button type="submit" className="button button--primary button--block">
                {t.login.submit}
              </button>
            </form>
            <ul className="login-links">
              <li>
                <Link to={areaPaths.forgotUsername}>{t.login.forgotUsername}</Link>
              </li>
              <li>
                <Link to={areaPaths.forgotPassword}>{t.login.forgotPassword}</Link>
              </li>
              {hasRegisterLink && (
                <li>
                  <Link to={areaPaths.registerStep1}>{t.login.register}</Link>
                </li>
              )}
            </ul>
          </section>
          {aside && <div className="login-screen__aside">{aside}</div>}
        </div>
        {footnote && <p className="login-screen__footnote">{footnote}</p>}
      </div>
      <Spinner active={isBusy} text={t.frame.busy.signingIn} />
    </>
  )
}
