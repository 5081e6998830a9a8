// Spec §2 screen 15 and §4 "Temporary-password update outcomes": the forced password update.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { limits, messages, passwordStrength, screenTexts } from '@portal/contract'
import { ErrorBanner } from '../../components/error-banner.tsx'
import { FormField, describedByError } from '../../components/form-field.tsx'
import { PasswordChecklist } from '../../components/password-checklist.tsx'
import { PasswordInput } from '../../components/password-input.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { StrengthMeter } from '../../components/strength-meter.tsx'
import { useFocusOnMount } from '../../lib/page.ts'
import { readSession } from '../../lib/session.ts'
import { useSubmission } from '../../lib/use-submission.ts'
import { updateTempPassword } from './temp-password-api.ts'
import {
  confirmationProblem,
  newPasswordProblem,
  tempPasswordOutcomeOf,
} from './temp-password-outcome.ts'
import { useReturnToLogin } from './use-return-to-login.ts'
import './temp-password.css'

interface PasswordFormValues {
  password: string
  confirmPassword: string
}

const rulesId = 'new-password-rules'

interface UpdateTempPasswordFormProps {
  /** The area's login (usweb with prgName and level1Org). */
  loginPath: string
  successPath: string
}

export function UpdateTempPasswordForm({ loginPath, successPath }: UpdateTempPasswordFormProps) {
  const navigate = useNavigate()
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const returnToLogin = useReturnToLogin(loginPath)
  const [isConfirmMismatch, setConfirmMismatch] = useState(false)
  const { bannerItems, isBusy, isRunning, showBanner, clearBanner, onInvalid, run } =
    useSubmission()

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PasswordFormValues>({
    defaultValues: { password: '', confirmPassword: '' },
    // After the first submit the field message follows the typing.
    reValidateMode: 'onChange',
  })
  const password = useWatch({ control, name: 'password' })
  const strength = passwordStrength(password)

  const submit = async (values: PasswordFormValues) => {
    if (isRunning()) return
    clearBanner()
    const mismatch = confirmationProblem(values.password, values.confirmPassword)
    if (mismatch) {
      setConfirmMismatch(true)
      return showBanner([mismatch])
    }
    // Kept at login (spec §1); without it the service could not know whose password this is.
    const userName = readSession().username
    if (!userName) return showBanner([messages.tempPassword.unableToUpdate])

    await run(async () => {
      const outcome = tempPasswordOutcomeOf(await updateTempPassword(userName, values.password))
      if (outcome.kind === 'updated') {
        await navigate(successPath)
        return
      }
      showBanner([outcome.message])
    }, [messages.tempPassword.unableToUpdate])
  }

  const passwordError = errors.password?.message
  const passwordDescription = describedByError('new-password', passwordError)

  return (
    <>
      <div className="temp-password" aria-busy={isBusy}>
        <ErrorBanner items={bannerItems} />
        <section className="card" aria-labelledby="temp-password-heading">
          <h1 id="temp-password-heading" className="card__title" ref={headingRef} tabIndex={-1}>
            {screenTexts.tempPassword.title}
          </h1>
          <p className="card__intro">{screenTexts.tempPassword.intro}</p>
          <form
            className="temp-password__form"
            noValidate
            onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
          >
            <div className="temp-password__new">
              <FormField id="new-password" label="Password" error={passwordError}>
                <PasswordInput
                  id="new-password"
                  autoComplete="new-password"
                  maxLength={limits.passwordMax}
                  aria-required="true"
                  aria-invalid={passwordDescription['aria-invalid']}
                  aria-describedby={[passwordDescription['aria-describedby'], rulesId]
                    .filter(Boolean)
                    .join(' ')}
                  {...register('password', {
                    validate: (value) => newPasswordProblem(value) ?? true,
                  })}
                />
              </FormField>
              <StrengthMeter score={strength.score} />
              <PasswordChecklist id={rulesId} password={password} />
            </div>
            <FormField id="confirm-password" label="Confirm Password" error={undefined}>
              <PasswordInput
                id="confirm-password"
                toggleTarget="confirm password"
                autoComplete="new-password"
                maxLength={limits.passwordMax}
                aria-required="true"
                aria-invalid={isConfirmMismatch || undefined}
                {...register('confirmPassword', { onChange: () => setConfirmMismatch(false) })}
              />
            </FormField>
            <div className="form-actions">
              <Link
                className="button button--secondary"
                to={loginPath}
                onClick={returnToLogin.onClick}
              >
                Return to Login
              </Link>
              <button type="submit" className="button button--primary">
                Submit
              </button>
            </div>
          </form>
        </section>
      </div>
      <Spinner active={isBusy || returnToLogin.isLeaving} />
    </>
  )
}
