// Spec §2 screen 2 and §4 "Registration" step 1: the customer identifies themselves by their
// Account (or Agent) Number, email address and mobile number.
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { limits, type Flavour, type Program } from '@portal/contract'
import { FormActions } from '../../components/form-actions.tsx'
import { FormScreen } from '../../components/form-screen.tsx'
import { TextField } from '../../components/text-field.tsx'
import { pathsOf } from '../../config/paths.ts'
import {
  agentNumberTyped,
  customerNumberHint,
  customerNumberMaxLength,
  isAgentNumberProgram,
} from '../../lib/forms/customer-number.ts'
import {
  customerNumberField,
  emailField,
  formResolver,
  mobileField,
} from '../../lib/forms/form-schemas.ts'
import { phoneFormatted } from '../../lib/forms/phone-input.ts'
import { useSubmission } from '../../lib/forms/use-submission.ts'
import { registrationCalls } from './registration-api.ts'
import { identify } from './registration-flow.ts'
import { registrationState } from './registration-state.ts'
import { identifyButtonOf } from './registration-texts.ts'
import { failureTextOf, t } from '../../i18n/texts.ts'
import './registration.css'

interface IdentifyFormValues {
  accountValue: string
  email: string
  phone: string
}

interface IdentifyFormProps {
  flavour: Flavour
  program: Program
  level1Org: string
  /** The area's login (usweb with prgName and level1Org). */
  loginPath: string
}

export function IdentifyForm({ flavour, program, level1Org, loginPath }: IdentifyFormProps) {
  const areaPaths = pathsOf(flavour)
  const navigate = useNavigate()
  const { bannerItems, isBusy, showBanner, onInvalid, run } = useSubmission([
    failureTextOf(flavour),
  ])

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<IdentifyFormValues>({
    resolver: formResolver(
      z.object({
        accountValue: customerNumberField(program),
        email: emailField(),
        phone: mobileField(),
      }),
    ),
    defaultValues: { accountValue: '', email: '', phone: '' },
    reValidateMode: 'onChange',
  })

  const submit = (values: IdentifyFormValues) =>
    run(async () => {
      const end = await identify({ flavour, program, level1Org, ...values }, registrationCalls)
      switch (end.kind) {
        case 'step2':
          await navigate(areaPaths.registerStep2, { state: registrationState(end.details) })
          return
        case 'register2':
          await navigate(areaPaths.register2)
          return
        case 'banner':
          return showBanner(end.items)
        case 'stopped':
          return
      }
    })

  const isAgent = isAgentNumberProgram(program)

  return (
    <FormScreen
      id="register-identify"
      className="registration"
      title={t.registration.title}
      intro={t.registration.identifyIntro}
      bannerItems={bannerItems}
      isBusy={isBusy}
    >
      <form
        className="registration__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        <TextField
          id="register-account"
          label={t.screens.accountLabels[program.accountLabel]}
          hint={customerNumberHint(program)}
          error={errors.accountValue?.message}
          type="text"
          inputMode={isAgent ? 'numeric' : 'text'}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={customerNumberMaxLength(program)}
          {...agentNumberTyped(program, register('accountValue'))}
        />
        <TextField
          id="register-email"
          label={t.registration.emailLabel}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={limits.recoveryEmailMax}
          {...register('email')}
        />
        <TextField
          id="register-phone"
          label={t.registration.mobileLabel}
          hint={t.registration.mobileHint}
          error={errors.phone?.message}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          // Spec §5: non-digits are stripped as typed and the mask ###-###-#### is applied.
          {...phoneFormatted(register('phone'))}
        />
        <FormActions
          loginPath={loginPath}
          returnLabel={t.registration.returnToLogin}
          submitLabel={identifyButtonOf(flavour)}
        />
      </form>
    </FormScreen>
  )
}
