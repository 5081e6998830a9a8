// Spec §2 screens 9 (confirmverificationinfostep1), 10 (verificationinfostep2) and 13
// (updateinformationstep1component): the verification contact form and its updateUser call.
import { useEffect, useState, type MouseEvent } from 'react'
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form'
import { Navigate } from 'react-router'
import { contactTypes, countryNameIn, limits, type Country, type Flavour } from '@portal/contract'
import { failureTextOf, locale, t } from '../../i18n/texts.ts'
import { ChoiceTile } from '../../components/choice-tile.tsx'
import { Field, fieldAria, TextField } from '../../components/text-field.tsx'
import { formResolver } from '../../lib/forms/form-schemas.ts'
import { mfaScreenPath, stepAfterResponse } from '../../lib/sign-in/mfa-next-step.ts'
import { phoneFormatted } from '../../lib/forms/phone-input.ts'
import { requestSupport, updateUser } from './mfa-api.ts'
import {
  contactFormSchema,
  contactFromDetails,
  contactOf,
  emptyContact,
  type ContactFormValues,
} from './mfa-contact.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { PasskeyList } from './passkey-list.tsx'
import { PasskeyChoice, usePasskeyPlacement } from './passkey-choice.tsx'
import { readMfaProgress, resendAtOf, writeMfaProgress } from './mfa-progress.ts'
import { useMfaData } from './use-mfa-data.ts'
import { useMfaStep } from './use-mfa-step.ts'

export type ContactVariant = 'confirm' | 'enrol' | 'update'

function introOf(variant: ContactVariant): string {
  return variant === 'update' ? t.mfa.updateIntro : t.mfa.dualAuthentication
}

/** The form's resolver, its messages in the language active when it checks. */
const contactResolver: Resolver<ContactFormValues> = (values, context, options) =>
  formResolver<ContactFormValues>(contactFormSchema())(values, context, options)

const phoneId = 'mfa-phone'
const continueHintId = 'mfa-continue-hint'

interface ContactScreenProps {
  variant: ContactVariant
  flavour: Flavour
}

export function ContactScreen({ variant, flavour }: ContactScreenProps) {
  const layout = mfaLayoutOf(flavour)
  // Every variant is prefilled. A new account (screen 10) starts from the email and mobile
  // it was registered with, which are the record's: its first code may go only there (issue 32).
  // Before a code they come masked (issue 40): each is kept as it is, or typed anew.
  const data = useMfaData({ details: true, countries: true })
  const step = useMfaStep(flavour)
  const bannerItems =
    data.status === 'failed' && step.bannerItems.length === 0
      ? [failureTextOf(flavour)]
      : step.bannerItems

  const askForSupport = () => void step.perform(requestSupport, (r) => stepAfterResponse(r))
  // Issue 43: a factor is owed here too (RE_ENROLL); the member's passkey stands in for the
  // code, and the contact still unproven is proven by a later code.
  const passkey = usePasskeyPlacement(variant !== 'update')

  // Issue 32: after a password reset or an unlock, the contacts proven before stay as they
  // are until a code sent to one of them passes. Issue 43 (item 6): there is nothing to
  // confirm, so the member goes straight on to where the code goes, which says why.
  if (data.status === 'ready' && variant === 'confirm' && data.details?.contactsBound) {
    return <Navigate to={mfaScreenPath(flavour, 'verificationInfoStep1', null)} replace />
  }
  return (
    <MfaFrame
      layout={layout}
      id="mfa-contact"
      title={t.mfa.contactTitles[variant]}
      intro={introOf(variant)}
      bannerItems={bannerItems}
      isBusy={step.isBusy || data.status === 'loading'}
    >
      <PasskeyChoice step={step} placement={passkey} at="lead" />
      {data.status !== 'loading' && (
        <ContactForm
          variant={variant}
          layout={layout}
          countries={data.countries}
          isMasked={data.status === 'ready' && data.details?.contactsMasked === true}
          defaultValues={
            data.status === 'ready' && data.details
              ? contactFromDetails(data.details, data.countries)
              : emptyContact
          }
          step={step}
        />
      )}
      <PasskeyChoice step={step} placement={passkey} at="second" />
      {variant === 'update' && <PasskeyList />}
      {layout === 'pl' && (
        <p className="mfa__help">
          <button type="button" className="mfa-link-button" onClick={askForSupport}>
            {t.mfa.plNeedHelp}
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
  /** The email and mobile in `defaultValues` are masked (no factor passed yet; issue 40). */
  isMasked: boolean
  defaultValues: ContactFormValues
  step: ReturnType<typeof useMfaStep>
}

type MaskableField = 'emailAddress' | 'phoneNumber'
const inputIdOf: Record<MaskableField, string> = { emailAddress: 'mfa-email', phoneNumber: phoneId }

function ContactForm({
  variant,
  layout,
  countries,
  isMasked,
  defaultValues,
  step,
}: ContactFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors, isValid },
  } = useForm<ContactFormValues>({
    resolver: contactResolver,
    defaultValues,
    // A field says what is wrong once the user has left it, then follows the typing.
    mode: 'onTouched',
  })
  // Issue 40 (P2): a masked contact is sent back as shown, which keeps the one on file, until
  // the member chooses to change it and types a new one in full.
  const maskedOf = (field: MaskableField) => (isMasked ? defaultValues[field] : '')
  const [changing, setChanging] = useState<readonly MaskableField[]>([])
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null)
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus()
  }, [focusTarget])
  const isKept = (field: MaskableField) => maskedOf(field) !== '' && !changing.includes(field)
  const change = (field: MaskableField) => {
    setValue(field, '')
    setChanging((fields) => [...fields, field])
    setFocusTarget({ id: inputIdOf[field] })
  }
  const keep = (field: MaskableField) => {
    setValue(field, maskedOf(field), { shouldValidate: true })
    clearErrors(field)
    setChanging((fields) => fields.filter((f) => f !== field))
    setFocusTarget({ id: `${inputIdOf[field]}-change` })
  }
  const keepButton = (field: MaskableField) =>
    maskedOf(field) !== '' && (
      <p className="mfa-kept__again">
        <button
          type="button"
          className="mfa-link-button"
          onMouseDown={keepFocus}
          onClick={() => keep(field)}
        >
          {t.mfa.keepContact(maskedOf(field))}
        </button>
      </p>
    )

  const submit = (values: ContactFormValues) => {
    const contact = contactOf(values)
    if (!contact) return
    // After the second factor (the update path) the hand-off goes where the code step said.
    const doneTarget = variant === 'update' ? readMfaProgress().doneTarget : 'login'
    return step.perform(
      () => updateUser(contact, { isEnrolling: variant !== 'update' }),
      (response) => {
        // Issue 43 (item 10): the first code went at once to the email just confirmed.
        if (response.codeSentBy) {
          writeMfaProgress({
            deliveryMethod: response.codeSentBy,
            isUpdateRequested: false,
            codeResendAt: resendAtOf(response),
            otherMethod: response.otherMethod ?? null,
          })
        }
        const next = stepAfterResponse(response, { doneTarget })
        if (next.kind !== 'stay') return next
        // Spec §8: stay on the form; the banner links back to the field at fault.
        step.showBanner([
          <>
            <span>{next.message}</span>{' '}
            <a
              href={`#${phoneId}`}
              onClick={(event) => {
                event.preventDefault()
                const phone = document.getElementById(phoneId)
                if (phone instanceof HTMLInputElement) phone.select()
                phone?.focus()
              }}
            >
              {t.mfa.editMobileNumber}
            </a>
          </>,
        ])
        return null
      },
    )
  }

  const countryError = errors.geoCountryId?.message
  // Spec §2 screen 9: "Continue is disabled while the form is invalid (usweb)"; a line says why.
  const isContinueHeld = layout === 'usweb' && !isValid

  return (
    <form
      className="mfa__form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit, step.onInvalid)(event)}
    >
      {isMasked && <p className="mfa__notice">{t.mfa.maskedContactsIntro}</p>}
      <ContactTypeGroup
        id="mfa-email-type"
        legend={t.mfa.typeOfEmail}
        error={errors.typeOfEmailAddress?.message}
        field={register('typeOfEmailAddress')}
      />
      {isKept('emailAddress') ? (
        <KeptContact
          id={inputIdOf.emailAddress}
          label={t.mfa.emailAddress}
          masked={maskedOf('emailAddress')}
          onChange={() => change('emailAddress')}
        />
      ) : (
        <>
          <TextField
            id="mfa-email"
            label={t.mfa.emailAddress}
            error={errors.emailAddress?.message}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={limits.recoveryEmailMax}
            {...register('emailAddress')}
          />
          {keepButton('emailAddress')}
        </>
      )}
      <ContactTypeGroup
        id="mfa-phone-type"
        legend={t.mfa.typeOfMobile}
        error={errors.typeOfPhoneNumber?.message}
        field={register('typeOfPhoneNumber')}
      />
      <Field id="mfa-country" label={t.mfa.countryRegion} error={countryError}>
        <select
          id="mfa-country"
          className="input"
          autoComplete="country-name"
          {...fieldAria({ id: 'mfa-country', error: countryError })}
          {...register('geoCountryId')}
        >
          {countries.map((country) => (
            <option key={country.countryName} value={country.countryName}>
              {countryNameIn(locale, country.countryName)} (+{country.dialPrefix})
            </option>
          ))}
        </select>
      </Field>
      {isKept('phoneNumber') ? (
        <KeptContact
          id={phoneId}
          label={t.mfa.mobileNumber}
          masked={maskedOf('phoneNumber')}
          onChange={() => change('phoneNumber')}
        />
      ) : (
        <>
          <TextField
            id={phoneId}
            label={t.mfa.mobileNumber}
            hint={t.registration.mobileHint}
            error={errors.phoneNumber?.message}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            // Spec §2 screen 9: the mask xxx-xxx-xxxx is applied while typing; it keeps ten
            // digits. No maxLength: a pasted '(312) 555-0188' must arrive whole to be masked.
            {...phoneFormatted(register('phoneNumber'))}
          />
          {keepButton('phoneNumber')}
        </>
      )}
      <p className="mfa__consent">{t.mfa.consent}</p>
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={isContinueHeld}
          aria-describedby={isContinueHeld ? continueHintId : undefined}
        >
          {variant === 'update' ? t.screens.common.submit : t.screens.common.continue}
        </button>
      </div>
      {isContinueHeld && (
        <p className="form-field__hint" id={continueHintId}>
          {t.mfa.completeEveryField}
        </p>
      )}
    </form>
  )
}

/**
 * Pressed with the pointer, Change and Keep leave the focus where it is until the click: an
 * emptied field losing it would show "required" and move the button from under the pointer.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault()

/** Issue 40 (P2): a contact on file, masked, with the way to type a new one instead. */
function KeptContact({
  id,
  label,
  masked,
  onChange,
}: {
  id: string
  label: string
  masked: string
  onChange: () => void
}) {
  return (
    <div className="form-field mfa-kept">
      <p className="form-field__label" id={`${id}-label`}>
        {label}
      </p>
      <p className="mfa-kept__value">
        <span className="mfa__bound-email" data-field={id}>
          {masked}
        </span>{' '}
        <button
          type="button"
          className="mfa-link-button"
          id={`${id}-change`}
          onMouseDown={keepFocus}
          onClick={onChange}
        >
          {t.mfa.changeContact(label.toLocaleLowerCase())}
        </button>
      </p>
    </div>
  )
}

interface ContactTypeGroupProps {
  id: string
  legend: string
  error: string | undefined
  field: UseFormRegisterReturn<'typeOfEmailAddress' | 'typeOfPhoneNumber'>
}

/** Personal or Work, as a group of two radio tiles. */
function ContactTypeGroup({ id, legend, error, field }: ContactTypeGroupProps) {
  const errorId = `${id}-error`
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend className="form-field__label">{legend}</legend>
      <div className="choice-tiles choice-tiles--columns">
        {contactTypes.map((type) => (
          <ChoiceTile key={type} id={`${id}-${type.toLowerCase()}`} value={type} {...field}>
            {t.mfa.contactTypes[type]}
          </ChoiceTile>
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
