// Spec §2 screen 3 and §4 "Registration" step 2: choose a username and password; the
// account is created for the customer step 1 identified.

import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import {
  limits,
  messages,
  newPasswordSchema,
  newUsernameSchema,
  passwordStrength,
  type Flavour,
} from '@portal/contract'
import { ErrorBanner } from '../../components/error-banner.tsx'
import { FormField, describedByError } from '../../components/form-field.tsx'
import { PasswordChecklist } from '../../components/password-checklist.tsx'
import { PasswordInput } from '../../components/password-input.tsx'
import { FormActions } from '../../components/form-actions.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { StrengthMeter } from '../../components/strength-meter.tsx'
import { pathsOf } from '../../config/paths.ts'
import { useFocusOnMount } from '../../lib/page.ts'
import { useSubmission } from '../../lib/use-submission.ts'
import { createUser } from './registration-api.ts'
import {
  createOutcomeOf,
  createUserRequestOf,
  type RegistrationDetails,
} from './registration-flow.ts'
import { registrationTexts as t } from './registration-texts.ts'
import './registration.css'

interface CredentialsFormValues {
  userName: string
  password: string
  confirmPassword: string
}

const rulesId = 'register-password-rules'
const usernameHintId = 'register-username-hint'

/** The first message of a contract rule, or true when the value passes. */
function ruleCheck(schema: typeof newUsernameSchema | typeof newPasswordSchema) {
  return (value: string) => {
    const result = schema.safeParse(value)
    return result.success || (result.error.issues[0]?.message ?? false)
  }
}

const joinIds = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

interface CredentialsFormProps {
  flavour: Flavour
  level1Org: string
  details: RegistrationDetails
  loginPath: string
}

export function CredentialsForm({ flavour, level1Org, details, loginPath }: CredentialsFormProps) {
  const navigate = useNavigate()
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const { bannerItems, isBusy, showBanner, onInvalid, run } = useSubmission()

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CredentialsFormValues>({
    defaultValues: { userName: '', password: '', confirmPassword: '' },
    reValidateMode: 'onChange',
  })
  const password = useWatch({ control, name: 'password' })
  const strength = passwordStrength(password)

  const submit = (values: CredentialsFormValues) =>
    run(async () => {
      const request = createUserRequestOf(flavour, level1Org, details, values)
      const outcome = createOutcomeOf(await createUser(request))
      if (outcome.kind === 'created') {
        await navigate(pathsOf(flavour).registerStep3)
        return
      }
      showBanner(outcome.items)
    }, [messages.registration.unableToProcess])

  const usernameError = errors.userName?.message
  const passwordError = errors.password?.message
  const confirmError = errors.confirmPassword?.message
  const usernameDescription = describedByError('register-username', usernameError)
  const passwordDescription = describedByError('register-password', passwordError)

  return (
    <>
      <div className="registration" aria-busy={isBusy}>
        <ErrorBanner items={bannerItems} />
        <section className="card" aria-labelledby="register-credentials-heading">
          <h1
            id="register-credentials-heading"
            className="card__title"
            ref={headingRef}
            tabIndex={-1}
          >
            {t.credentialsTitle}
          </h1>
          <p className="card__intro">{t.credentialsIntro}</p>
          <form
            className="registration__form"
            noValidate
            onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
          >
            <FormField id="register-username" label={t.usernameLabel} error={usernameError}>
              <input
                id="register-username"
                className="input"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={limits.usernameMax}
                aria-required="true"
                aria-invalid={usernameDescription['aria-invalid']}
                aria-describedby={joinIds(usernameDescription['aria-describedby'], usernameHintId)}
                {...register('userName', { validate: ruleCheck(newUsernameSchema) })}
              />
              <p className="registration__hint" id={usernameHintId}>
                {t.usernameHint}
              </p>
            </FormField>
            <div className="registration__password">
              <FormField id="register-password" label={t.passwordLabel} error={passwordError}>
                <PasswordInput
                  id="register-password"
                  autoComplete="new-password"
                  maxLength={limits.passwordMax}
                  aria-required="true"
                  aria-invalid={passwordDescription['aria-invalid']}
                  aria-describedby={joinIds(passwordDescription['aria-describedby'], rulesId)}
                  {...register('password', { validate: ruleCheck(newPasswordSchema) })}
                />
              </FormField>
              <StrengthMeter score={strength.score} />
              <PasswordChecklist id={rulesId} password={password} />
            </div>
            <FormField
              id="register-confirm-password"
              label={t.confirmPasswordLabel}
              error={confirmError}
            >
              <PasswordInput
                id="register-confirm-password"
                toggleTarget="confirm password"
                autoComplete="new-password"
                maxLength={limits.passwordMax}
                aria-required="true"
                {...describedByError('register-confirm-password', confirmError)}
                {...register('confirmPassword', {
                  // Spec §5: the registration form's mismatch message.
                  validate: (value, all) =>
                    value === all.password || messages.validation.passwordMismatch,
                })}
              />
            </FormField>
            <FormActions
              loginPath={loginPath}
              returnLabel={t.returnToLogin}
              submitLabel={t.submit}
            />
          </form>
        </section>
      </div>
      <Spinner active={isBusy} />
    </>
  )
}
