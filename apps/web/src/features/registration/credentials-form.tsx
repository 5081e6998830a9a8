// Spec §2 screen 3 and §4 "Registration" step 2: choose a username and password; the
// account is created for the customer step 1 identified.

import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { limits, type Flavour } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { FormActions } from '../../components/form-actions.tsx'
import { NewPasswordFields } from '../../components/new-password-fields.tsx'
import { FormScreen } from '../../components/form-screen.tsx'
import { TextField } from '../../components/text-field.tsx'
import { pathsOf } from '../../config/paths.ts'
import { useGuessable } from '../../lib/forms/common-passwords.ts'
import { fieldRules, formResolver, newPasswordChecks } from '../../lib/forms/form-schemas.ts'
import { useBannerFollowsFields, useSubmission } from '../../lib/forms/use-submission.ts'
import { createUser } from './registration-api.ts'
import {
  createOutcomeOf,
  createUserRequestOf,
  type RegistrationDetails,
} from './registration-flow.ts'
import './registration.css'

const credentialsFormSchema = () =>
  z
    .object({
      userName: fieldRules().newUsername,
      password: fieldRules().newPassword,
      confirmPassword: z.string(),
    })
    // Spec §5: the registration form's mismatch message; issue 28 against the new username.
    .check(
      ...newPasswordChecks(
        t.validation.passwordMismatch,
        (values: { userName: string; password: string; confirmPassword: string }) =>
          values.userName,
      ),
    )
type CredentialsFormValues = z.input<ReturnType<typeof credentialsFormSchema>>

interface CredentialsFormProps {
  flavour: Flavour
  level1Org: string
  details: RegistrationDetails
  loginPath: string
}

export function CredentialsForm({ flavour, level1Org, details, loginPath }: CredentialsFormProps) {
  const navigate = useNavigate()
  const submission = useSubmission([t.registration.unableToProcess])

  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<CredentialsFormValues>({
    resolver: formResolver(credentialsFormSchema()),
    defaultValues: { userName: '', password: '', confirmPassword: '' },
    reValidateMode: 'onChange',
  })
  const { bannerItems, isBusy, showBanner, onInvalid, run } = submission
  useBannerFollowsFields(submission, errors)
  const password = useWatch({ control, name: 'password' })
  const userName = useWatch({ control, name: 'userName' })
  const { isGuessable, noteRefused } = useGuessable(password, userName)

  const submit = (values: CredentialsFormValues) =>
    run(async () => {
      const request = createUserRequestOf(flavour, level1Org, details, values)
      const outcome = createOutcomeOf(await createUser(request))
      if (outcome.kind === 'created') {
        // Issue 43 (item 10): the Welcome's way to the login fills the username in (router
        // state: nothing kept in storage; a username is no secret, the password never goes).
        await navigate(pathsOf(flavour).registerStep3, { state: { username: values.userName } })
        return
      }
      // The service's longer list refused it: said as the portal's own check says it (field,
      // banner, checklist, meter), and gone from the banner once the password changes.
      const guessable = t.validation.passwordGuessable
      if (outcome.items.includes(guessable)) {
        noteRefused(values.password)
        setError('password', { type: 'service', message: guessable })
        showBanner([{ fieldId: 'register-password', text: guessable }])
        return
      }
      showBanner(outcome.items)
    })

  return (
    <FormScreen
      id="register-credentials"
      className="registration"
      title={t.registration.credentialsTitle}
      intro={t.registration.credentialsIntro}
      bannerItems={bannerItems}
      isBusy={isBusy}
    >
      <form
        className="registration__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        <TextField
          id="register-username"
          label={t.registration.usernameLabel}
          hint={t.registration.usernameHint}
          error={errors.userName?.message}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={limits.usernameMax}
          {...register('userName')}
        />
        <NewPasswordFields
          value={password}
          isGuessable={isGuessable}
          password={{
            id: 'register-password',
            label: t.registration.passwordLabel,
            error: errors.password?.message,
            registration: register('password'),
          }}
          confirmation={{
            id: 'register-confirm-password',
            label: t.registration.confirmPasswordLabel,
            error: errors.confirmPassword?.message,
            registration: register('confirmPassword'),
          }}
        />
        <FormActions
          loginPath={loginPath}
          returnLabel={t.registration.returnToLogin}
          submitLabel={t.registration.submit}
        />
      </form>
    </FormScreen>
  )
}
