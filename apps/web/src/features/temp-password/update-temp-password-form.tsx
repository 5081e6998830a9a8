// Spec §2 screen 15 and §4 "Temporary-password update outcomes": the forced password update.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { t } from '../../i18n/texts.ts'
import { NewPasswordFields } from '../../components/new-password-fields.tsx'
import { SignedInFrame } from '../../components/signed-in-frame.tsx'
import { useGuessable } from '../../lib/forms/common-passwords.ts'
import { fieldRules, formResolver, newPasswordChecks } from '../../lib/forms/form-schemas.ts'
import { readSession } from '../../lib/visit/session.ts'
import { sessionState } from '../../lib/visit/session-time.ts'
import { useBannerFollowsFields, useSubmission } from '../../lib/forms/use-submission.ts'
import { updateTempPassword } from './temp-password-api.ts'
import { tempPasswordOutcomeOf } from './temp-password-outcome.ts'
import { useReturnToLogin } from './use-return-to-login.ts'
import './temp-password.css'

const passwordFormSchema = () =>
  z
    .object({ password: fieldRules().newPassword, confirmPassword: z.string() })
    // Spec §5: on this screen's wording; issue 28 against the signed-in username.
    .check(...newPasswordChecks(t.tempPassword.confirmMismatch, () => readSession().username ?? ''))
type PasswordFormValues = z.input<ReturnType<typeof passwordFormSchema>>

interface UpdateTempPasswordFormProps {
  /** The area's login (usweb with prgName and level1Org). */
  loginPath: string
  successPath: string
}

export function UpdateTempPasswordForm({ loginPath, successPath }: UpdateTempPasswordFormProps) {
  const navigate = useNavigate()
  const returnToLogin = useReturnToLogin(loginPath)
  const submission = useSubmission([t.tempPassword.unableToUpdate])
  // Kept at login (spec §1): the account whose password this is, also for password managers.
  const [userName] = useState(() => readSession().username)

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<PasswordFormValues>({
    resolver: formResolver(passwordFormSchema()),
    defaultValues: { password: '', confirmPassword: '' },
    // After the first submit the field message follows the typing.
    reValidateMode: 'onChange',
  })
  const { bannerItems, isBusy, showBanner, onInvalid, run } = submission
  useBannerFollowsFields(submission, errors)
  const password = useWatch({ control, name: 'password' })
  const { isGuessable, noteRefused } = useGuessable(password, userName ?? '')

  const submit = (values: PasswordFormValues) =>
    run(async () => {
      // Without the username the service could not know whose password this is.
      if (!userName) return showBanner([t.tempPassword.unableToUpdate])
      const answer = await updateTempPassword(userName, values.password)
      // Issue 27: an ended sign-in gets the frame's own message instead of the banner.
      if (answer.kind === 'failed' && answer.isUnauthorized) sessionState.sawRefusal()
      // The service's longer list refused it: said as the portal's own check says it (field,
      // banner, checklist, meter), and gone from the banner once the password changes.
      if (answer.kind === 'guessable') {
        const guessable = t.validation.passwordGuessable
        noteRefused(values.password)
        setError('password', { type: 'service', message: guessable })
        showBanner([{ fieldId: 'new-password', text: guessable }])
        return
      }
      const outcome = tempPasswordOutcomeOf(answer)
      if (outcome.kind === 'updated') {
        await navigate(successPath)
        return
      }
      showBanner([outcome.message])
    })

  return (
    <SignedInFrame
      id="temp-password"
      className="temp-password"
      title={t.tempPassword.title}
      intro={t.tempPassword.intro}
      bannerItems={bannerItems}
      isBusy={isBusy || returnToLogin.isLeaving}
    >
      {/* Issue 27 (problem 8): why the member is here, and which account. */}
      {userName && (
        <div className="temp-password__account">
          <p>{t.tempPassword.whyHere}</p>
          <p>
            {t.tempPassword.accountLabel}:{' '}
            <strong className="temp-password__username">{userName}</strong>
          </p>
        </div>
      )}
      <form
        className="temp-password__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        {/* Password managers update the entry of this account (as Keycloak does). */}
        <input
          className="visually-hidden"
          type="text"
          name="username"
          autoComplete="username"
          value={userName ?? ''}
          readOnly
          hidden
        />
        <NewPasswordFields
          value={password}
          isGuessable={isGuessable}
          password={{
            id: 'new-password',
            label: t.password.passwordLabel,
            error: errors.password?.message,
            registration: register('password'),
          }}
          confirmation={{
            id: 'confirm-password',
            label: t.password.confirmPasswordLabel,
            error: errors.confirmPassword?.message,
            registration: register('confirmPassword'),
          }}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t.screens.common.submit}
          </button>
          <Link className="button button--secondary" to={loginPath} onClick={returnToLogin.onClick}>
            {t.frame.common.returnToLogin}
          </Link>
        </div>
      </form>
    </SignedInFrame>
  )
}
