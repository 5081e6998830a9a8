// Spec §2 screens 9 (confirmverificationinfostep1), 10 (verificationinfostep2) and 13
// (updateinformationstep1component): the verification contact form and its updateUser call.
import type { MouseEvent, ReactNode } from 'react'
import {
  useForm,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form'
import {
  contactTypes,
  limits,
  maskPhone,
  screenTexts,
  type Country,
  type Flavour,
} from '@portal/contract'
import { describedByError, FormField } from '../../components/form-field.tsx'
import { failureMessageOf } from '../../lib/failure-message.ts'
import { stepAfterResponse } from '../../lib/mfa-next-step.ts'
import { scrollToTop } from '../../lib/page.ts'
import { requestSupport, updateUser } from './mfa-api.ts'
import {
  contactFromDetails,
  contactOf,
  contactProblems,
  emptyContact,
  type ContactField,
  type ContactFormValues,
} from './mfa-contact.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { readMfaProgress } from './mfa-progress.ts'
import { useMfaData } from './use-mfa-data.ts'
import { useMfaStep } from './use-mfa-step.ts'

export type ContactVariant = 'confirm' | 'enrol' | 'update'

export const contactTitles: Record<ContactVariant, string> = screenTexts.mfa.contactTitles

const intros: Record<ContactVariant, string> = {
  confirm: screenTexts.mfa.dualAuthentication,
  enrol: screenTexts.mfa.dualAuthentication,
  update: screenTexts.mfa.updateIntro,
}

const failureItemsOf: Record<Flavour, readonly ReactNode[]> = {
  usweb: [failureMessageOf.usweb],
  pl: [failureMessageOf.pl],
}

const contactResolver: Resolver<ContactFormValues> = (values) => {
  const problems = contactProblems(values)
  const fields = Object.keys(problems) as ContactField[]
  if (fields.length === 0) return { values, errors: {} }
  const errors: FieldErrors<ContactFormValues> = {}
  for (const field of fields) errors[field] = { type: 'validate', message: problems[field] }
  return { values: {}, errors }
}

const phoneId = 'mfa-phone'
const phoneHintId = 'mfa-phone-hint'

interface ContactScreenProps {
  variant: ContactVariant
  flavour: Flavour
}

export function ContactScreen({ variant, flavour }: ContactScreenProps) {
  const layout = mfaLayoutOf(flavour)
  // New users (screen 10) start from an empty form; the others are prefilled.
  const data = useMfaData({ details: variant !== 'enrol', countries: true })
  const step = useMfaStep(flavour)
  const bannerItems =
    data.status === 'failed' && step.bannerItems.length === 0
      ? failureItemsOf[flavour]
      : step.bannerItems

  const askForSupport = () => void step.perform(requestSupport, (r) => stepAfterResponse(r))

  return (
    <MfaFrame
      layout={layout}
      id="mfa-contact"
      title={contactTitles[variant]}
      intro={intros[variant]}
      bannerItems={bannerItems}
      isBusy={step.isBusy || data.status === 'loading'}
    >
      {data.status !== 'loading' && (
        <ContactForm
          variant={variant}
          layout={layout}
          countries={data.countries}
          defaultValues={
            data.status === 'ready' && data.details
              ? contactFromDetails(data.details, data.countries)
              : emptyContact
          }
          step={step}
        />
      )}
      {layout === 'pl' && (
        <p className="mfa__help">
          <button type="button" className="mfa-link-button" onClick={askForSupport}>
            {screenTexts.mfa.plNeedHelp}
          </button>
        </p>
      )}
    </MfaFrame>
  )
}

interface ContactFormProps {
  variant: ContactVariant
  layout: Flavour
  countries: readonly Country[]
  defaultValues: ContactFormValues
  step: ReturnType<typeof useMfaStep>
}

function ContactForm({ variant, layout, countries, defaultValues, step }: ContactFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isValid },
  } = useForm<ContactFormValues>({
    resolver: contactResolver,
    defaultValues,
    // A field says what is wrong once the user has left it, then follows the typing.
    mode: 'onTouched',
  })

  const editPhone = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    setFocus('phoneNumber', { shouldSelect: true })
  }

  const submit = (values: ContactFormValues) => {
    const contact = contactOf(values)
    if (!contact) return
    // After the second factor (the update path) the hand-off goes where the code step said.
    const doneTarget = variant === 'update' ? readMfaProgress().doneTarget : 'login'
    return step.perform(
      () => updateUser(contact),
      (response) => {
        const next = stepAfterResponse(response, { doneTarget })
        if (next.kind !== 'stay') return next
        // Spec §8: stay on the form; the banner links back to the field at fault.
        step.showBanner([
          <>
            <span>{next.message}</span>{' '}
            <a href={`#${phoneId}`} onClick={editPhone}>
              Edit mobile number
            </a>
          </>,
        ])
        return null
      },
    )
  }

  const onInvalid = () => {
    step.clearBanner()
    scrollToTop() // the first invalid field then takes focus
  }

  const phoneField = register('phoneNumber')
  const emailError = errors.emailAddress?.message
  const phoneError = errors.phoneNumber?.message
  const countryError = errors.geoCountryId?.message
  const phoneDescription = describedByError(phoneId, phoneError)

  return (
    <form
      className="mfa__form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
    >
      <ContactTypeGroup
        id="mfa-email-type"
        legend="Type of email address"
        error={errors.typeOfEmailAddress?.message}
        field={register('typeOfEmailAddress')}
      />
      <FormField id="mfa-email" label="Email address" error={emailError}>
        <input
          id="mfa-email"
          className="input"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={limits.recoveryEmailMax}
          aria-required="true"
          {...describedByError('mfa-email', emailError)}
          {...register('emailAddress')}
        />
      </FormField>
      <ContactTypeGroup
        id="mfa-phone-type"
        legend="Type of mobile number"
        error={errors.typeOfPhoneNumber?.message}
        field={register('typeOfPhoneNumber')}
      />
      <FormField id="mfa-country" label="Country/Region" error={countryError}>
        <select
          id="mfa-country"
          className="input"
          autoComplete="country-name"
          aria-required="true"
          {...describedByError('mfa-country', countryError)}
          {...register('geoCountryId')}
        >
          {countries.map((country) => (
            <option key={country.countryName} value={country.countryName}>
              {country.countryName} (+{country.dialPrefix})
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={phoneId} label="Mobile number" error={phoneError}>
        <p className="mfa-hint" id={phoneHintId}>
          Format: xxx-xxx-xxxx
        </p>
        <input
          id={phoneId}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="xxx-xxx-xxxx"
          aria-required="true"
          aria-invalid={phoneDescription['aria-invalid']}
          aria-describedby={[phoneHintId, phoneDescription['aria-describedby']]
            .filter(Boolean)
            .join(' ')}
          {...phoneField}
          onChange={(event) => {
            // Spec §2 screen 9: the mask xxx-xxx-xxxx is applied while typing; it keeps ten
            // digits. No maxLength: a pasted '(312) 555-0188' must arrive whole to be masked.
            event.target.value = maskPhone(event.target.value)
            void phoneField.onChange(event)
          }}
        />
      </FormField>
      <p className="mfa__consent">{screenTexts.mfa.consent}</p>
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          // Spec §2 screen 9: "Continue is disabled while the form is invalid (usweb)".
          disabled={layout === 'usweb' && !isValid}
        >
          {variant === 'update' ? 'Submit' : 'Continue'}
        </button>
      </div>
    </form>
  )
}

interface ContactTypeGroupProps {
  id: string
  legend: string
  error: string | undefined
  field: UseFormRegisterReturn<'typeOfEmailAddress' | 'typeOfPhoneNumber'>
}

/** Personal or Work, as a group of two radio buttons. */
function ContactTypeGroup({ id, legend, error, field }: ContactTypeGroupProps) {
  const errorId = `${id}-error`
  return (
    <fieldset className="mfa-choices" aria-describedby={error ? errorId : undefined}>
      <legend className="form-field__label">{legend}</legend>
      <div className="mfa-choices__options">
        {contactTypes.map((type) => (
          <label className="mfa-choice" key={type}>
            <input type="radio" value={type} {...field} />
            <span>{type}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
