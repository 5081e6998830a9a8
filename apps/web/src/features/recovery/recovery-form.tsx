// Spec §2 screens 5-6 and §4 "Recovery": choose a recovery option, enter the value, and
// either receive the username or temporary password directly (email, mobile) or go on to
// choose where it is sent (account number, username).
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { formatPhoneInput, limits, type Flavour, type Program } from '@portal/contract'
import { failureTextOf, t } from '../../i18n/texts.ts'
import { ChoiceTile } from '../../components/choice-tile.tsx'
import { FormActions } from '../../components/form-actions.tsx'
import { FormScreen } from '../../components/form-screen.tsx'
import { TextField } from '../../components/text-field.tsx'
import { pathsOf } from '../../config/paths.ts'
import {
  agentNumberTyped,
  customerNumberHint,
  customerNumberMaxLength,
} from '../../lib/forms/customer-number.ts'
import { formResolver } from '../../lib/forms/form-schemas.ts'
import { phoneFormatted } from '../../lib/forms/phone-input.ts'
import { useSubmission } from '../../lib/forms/use-submission.ts'
import { lookUpContacts, sendTempPassword, sendUserName } from './recovery-api.ts'
import {
  deliveryStepSearchOf,
  isChoiceMissing,
  isRecoveryOption,
  recoveryOptionsOf,
  recoveryPlanOf,
  recoveryValueProblem,
  type RecoveryKind,
  type RecoveryOption,
} from './recovery-input.ts'
import { lookupOutcomeOf, sendOutcomeOf } from './recovery-outcome.ts'
import { optionLabelOf, valueLabelOf } from './recovery-texts.ts'
import './recovery.css'

/** The value is judged by the chosen option's rule; a missing choice is the banner's (spec §5). */
function recoveryFormSchema(kind: RecoveryKind, program: Program) {
  return z.object({ option: z.string(), value: z.string() }).check(
    z.superRefine((values, context) => {
      const { option, value } = values
      if (isChoiceMissing(option, value) || !isRecoveryOption(kind, option)) return
      const problem = recoveryValueProblem(option, value, program)
      if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem })
    }),
  )
}

interface RecoveryFormValues {
  /** '' until an option is chosen. */
  option: string
  value: string
}

/** The value field's input attributes for the chosen option. */
function valueInputOf(option: RecoveryOption | null, program: Program) {
  switch (option) {
    case 'email':
      return {
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        maxLength: limits.recoveryEmailMax,
      } as const
    case 'mobile':
      return { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' } as const
    case 'customerNumber':
      return {
        type: 'text',
        inputMode: 'text',
        autoComplete: 'off',
        maxLength: customerNumberMaxLength(program),
      } as const
    case 'username':
      return {
        type: 'text',
        inputMode: 'text',
        autoComplete: 'username',
        maxLength: limits.usernameMax,
      } as const
    case null:
      return {
        type: 'text',
        inputMode: 'text',
        autoComplete: 'off',
        maxLength: limits.recoveryEmailMax,
      } as const
  }
}

interface RecoveryFormProps {
  kind: RecoveryKind
  flavour: Flavour
  program: Program
  /** The area's login (usweb with prgName and level1Org). */
  loginPath: string
}

export function RecoveryForm({ kind, flavour, program, loginPath }: RecoveryFormProps) {
  const areaPaths = pathsOf(flavour)
  const navigate = useNavigate()
  const { bannerItems, isBusy, isRunning, showBanner, clearBanner, onInvalid, run } = useSubmission(
    [failureTextOf(flavour)],
  )

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<RecoveryFormValues>({
    resolver: formResolver(recoveryFormSchema(kind, program)),
    defaultValues: { option: '', value: '' },
    reValidateMode: 'onChange',
  })
  const chosen = useWatch({ control, name: 'option' })
  const option = isRecoveryOption(kind, chosen) ? chosen : null

  const recover = async (option: RecoveryOption, value: string) => {
    const plan = recoveryPlanOf(option, value, program)
    if (plan.kind === 'lookup') {
      const outcome = lookupOutcomeOf(
        await lookUpContacts(flavour, kind, plan.key),
        flavour,
        plan.key.by,
      )
      if (outcome.kind === 'banner') return showBanner([outcome.message])
      const step2 = kind === 'username' ? areaPaths.forgotUsername2 : areaPaths.forgotPassword2
      await navigate(`${step2}${deliveryStepSearchOf(plan.key)}`)
      return
    }
    const contact = {
      deliveryMethod: plan.deliveryMethod,
      emailAddress: plan.emailAddress,
      phoneNumber: plan.phoneNumber,
    }
    const result =
      kind === 'username'
        ? await sendUserName(flavour, contact)
        : await sendTempPassword(flavour, contact)
    const outcome = sendOutcomeOf(result, flavour)
    if (outcome.kind === 'banner') return showBanner([outcome.message])
    await navigate(kind === 'username' ? areaPaths.sendUsername : areaPaths.resetPassword)
  }

  const submit = async (values: RecoveryFormValues) => {
    if (isRunning()) return
    clearBanner()
    // Spec §5: a method and a value must both be chosen, else the alert.
    if (isChoiceMissing(values.option, values.value) || !isRecoveryOption(kind, values.option)) {
      return showBanner([t.recovery.chooseMethod])
    }
    const chosen = values.option
    await run(() => recover(chosen, values.value))
  }

  const optionField = register('option', {
    onChange: () => {
      clearErrors('value')
      // A number typed before Mobile was chosen takes the mask too.
      if (getValues('option') === 'mobile') setValue('value', formatPhoneInput(getValues('value')))
    },
  })
  const valueField = register('value')

  const valueId = `forgot-${kind}-value`

  return (
    <FormScreen
      id={`forgot-${kind}`}
      className="recovery"
      title={t.recovery.titleOf[kind]}
      intro={t.recovery.introOf[kind]}
      bannerItems={bannerItems}
      isBusy={isBusy}
    >
      <form
        className="recovery__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        <fieldset className="recovery-choice">
          <legend className="recovery-choice__legend">{t.recovery.optionsLegend}</legend>
          <div className="choice-tiles choice-tiles--columns">
            {recoveryOptionsOf[kind].map((candidate) => (
              <ChoiceTile key={candidate} value={candidate} {...optionField}>
                {optionLabelOf(candidate, program)}
              </ChoiceTile>
            ))}
          </div>
        </fieldset>
        <TextField
          id={valueId}
          label={option ? valueLabelOf(option, program) : t.recovery.valueLabelUnchosen}
          hint={
            option === 'mobile'
              ? t.registration.mobileHint
              : option === 'customerNumber'
                ? customerNumberHint(program)
                : undefined
          }
          error={errors.value?.message}
          {...valueInputOf(option, program)}
          autoCapitalize="none"
          spellCheck={false}
          // Spec §5: a mobile number's non-digits are stripped as typed, with the mask.
          // Issue 27: an Agent Number keeps its six digits as typed.
          {...(option === 'mobile'
            ? phoneFormatted(valueField)
            : option === 'customerNumber'
              ? agentNumberTyped(program, valueField)
              : valueField)}
        />
        {kind === 'password' && (
          <p className="recovery__link">
            <Link to={areaPaths.forgotUsername}>{t.recovery.forgotUsernameLink}</Link>
          </p>
        )}
        <FormActions
          loginPath={loginPath}
          returnLabel={t.recovery.returnToLogin}
          submitLabel={t.recovery.submit}
        />
      </form>
    </FormScreen>
  )
}
