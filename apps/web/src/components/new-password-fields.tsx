// A new password and its confirmation (spec §2 screens 3 and 15): the live strength meter and
// checklist under the password, and the hints a password manager needs to suggest one.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { limits, passwordStrength } from '@portal/contract'
import { PasswordChecklist, passwordRulesAttribute } from './password-checklist.tsx'
import { StrengthMeter } from './strength-meter.tsx'
import { TextField } from './text-field.tsx'
import { t } from '../i18n/texts.ts'

interface Field {
  id: string
  label: string
  error: string | undefined
  registration: UseFormRegisterReturn
}

interface NewPasswordFieldsProps {
  /** The password as typed so far (react-hook-form's `useWatch`). */
  value: string
  /**
   * Too easy to guess (lib/common-passwords.ts `useGuessable`): the checklist and the meter say
   * so as it is typed.
   */
  isGuessable?: boolean
  password: Field
  confirmation: Field
}

export function NewPasswordFields({
  value,
  isGuessable = false,
  password,
  confirmation,
}: NewPasswordFieldsProps) {
  const rulesId = `${password.id}-rules`
  const shared = {
    autoComplete: 'new-password',
    passwordrules: passwordRulesAttribute,
    maxLength: limits.passwordMax,
  } as const
  return (
    <>
      <div className="new-password">
        <TextField
          id={password.id}
          label={password.label}
          error={password.error}
          describedBy={rulesId}
          password={{}}
          {...shared}
          {...password.registration}
        />
        <StrengthMeter score={passwordStrength(value).score} isGuessable={isGuessable} />
        <PasswordChecklist id={rulesId} password={value} isGuessable={isGuessable} />
      </div>
      <TextField
        id={confirmation.id}
        label={confirmation.label}
        error={confirmation.error}
        password={{ toggleTarget: t.password.confirmToggleTarget }}
        {...shared}
        {...confirmation.registration}
      />
    </>
  )
}
