// Spec §2 screen 12 (verificationinfostep3): enter the one-time code, ask for a new one,
// change the delivery mode, or ask for support.
import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import * as z from 'zod/mini'
import {
  codeDigitsOf,
  limits,
  myAccountScreen,
  type CwMfaResponse,
  type Flavour,
} from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { ExternalLink } from '../../components/external-link.tsx'
import { TextField } from '../../components/text-field.tsx'
import { env } from '../../config/env.ts'
import { fieldRules, formResolver } from '../../lib/forms/form-schemas.ts'
import { mfaScreenPath, stepAfterResponse, type MfaStep } from '../../lib/sign-in/mfa-next-step.ts'
import { scrollToTop } from '../../lib/visit/page.ts'
import { useCooldown } from '../../lib/forms/use-cooldown.ts'
import { deliveryOptionsOf } from './choose-delivery-screen.tsx'
import {
  enterVerificationCode,
  generateNewCode,
  requestSupport,
  submitVerification,
} from './mfa-api.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { readMfaProgress, resendAtOf, writeMfaProgress } from './mfa-progress.ts'
import { usePasskeyOfferDue } from './passkey-offer.ts'
import { useMfaData } from './use-mfa-data.ts'
import { useMfaStep } from './use-mfa-step.ts'

const codeFormSchema = () => z.object({ verificationCode: fieldRules().verificationCode })
type CodeFormValues = z.input<ReturnType<typeof codeFormSchema>>

/** Used when the service does not say how long to wait before another code. */
const defaultResendSeconds = 30
const resendHintId = 'mfa-resend-hint'
const codeInputId = 'mfa-code-input'
/** Issue 27: the tries left are counted down from the fourth wrong code (2 left of 6). */
const countdownFrom = limits.verificationCodeMaxAttempts - 4

/** Issue 14's `resendAfterSeconds`, when the service's answer carries it. */
function resendSecondsOf(response: CwMfaResponse): number {
  const seconds = (response as { resendAfterSeconds?: unknown }).resendAfterSeconds
  return typeof seconds === 'number' && seconds >= 0 ? seconds : defaultResendSeconds
}

export function EnterCodeScreen({ flavour }: { flavour: Flavour }) {
  const layout = mfaLayoutOf(flavour)
  const step = useMfaStep(flavour)
  // "A new code has been sent" is information, never the error banner (issue 43, item 3).
  const [notice, setNotice] = useState<string | null>(null)
  const [progress, setProgress] = useState(readMfaProgress)
  const isOfferDue = usePasskeyOfferDue()
  const mode = progress.deliveryMethod === 'sms' ? 'mobile' : 'email'
  // Where the code went, masked: the contact on file for the chosen method.
  const data = useMfaData({ details: true, countries: false })
  const destination =
    data.status === 'ready'
      ? deliveryOptionsOf(data.details).find((o) => o.method === progress.deliveryMethod)?.masked
      : undefined
  // The service's cool-down for the code just sent (issue 14), counted on from the moment the
  // delivery screen received it.
  const resend = useCooldown(() => (progress.codeResendAt - Date.now()) / 1000)

  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors },
  } = useForm<CodeFormValues>({
    resolver: formResolver(codeFormSchema()),
    defaultValues: { verificationCode: '' },
    reValidateMode: 'onChange',
  })

  const codeField = register('verificationCode')
  // Issue 27: trusting this device is the member's choice, off unless ticked (shared devices).
  const [isRemembered, setRemembered] = useState(false)

  // What the spinner says: the code is checked, or a new one sent (issue 27).
  const [busyText, setBusyText] = useState<string>(t.screens.busy.checkingCode)
  const perform =
    (text: string): typeof step.perform =>
    (call, decide) => {
      setNotice(null)
      setBusyText(text)
      return step.perform(call, decide)
    }

  const submit = ({ verificationCode }: CodeFormValues) =>
    perform(t.screens.busy.checkingCode)(
      () => enterVerificationCode(verificationCode.trim(), isRemembered),
      (response: CwMfaResponse): MfaStep | null => {
        if (response.statusCode === 'AUTHENTICATION_SUCCESS') {
          // The destination waits for the update path, which hands off only after the update;
          // the update choice is spent (a later sign-in in this tab starts unticked).
          writeMfaProgress({
            doneTarget: response.nextScreen === myAccountScreen ? 'landing' : 'login',
            isUpdateRequested: false,
          })
        }
        const next = stepAfterResponse(response, {
          isUpdateRequested: progress.isUpdateRequested,
        })
        if (next.kind !== 'stay') {
          // Issue 23: a passkey is offered once the code passed, before the hand-off.
          return next.kind === 'handoff' && isOfferDue
            ? { kind: 'passkeyOffer', target: next.target }
            : next
        }
        // A wrong code is typed again from an empty field.
        resetField('verificationCode')
        if (response.statusCode !== 'AUTHENTICATION_FAILED') return next
        // Issue 27: the field says so too, the spec's sentence links to it, and from the
        // fourth wrong code the service's count of tries left follows it.
        setError('verificationCode', { type: 'server', message: t.mfa.codeNotAccepted })
        const left = response.attemptsLeft
        step.showBanner([
          { fieldId: codeInputId, text: next.message },
          ...(left !== undefined && left <= countdownFrom ? [t.mfa.attemptsLeft(left)] : []),
        ])
        return null
      },
    )

  const newCode = () =>
    perform(t.screens.busy.sendingCode)(generateNewCode, (response) => {
      const next = stepAfterResponse(response)
      if (next.kind !== 'screen' || next.screen !== 'verificationInfoStep3') return next
      // Still on this screen, with a fresh code on its way.
      resetField('verificationCode')
      resend.start(resendSecondsOf(response))
      // Issue 43 (item 3): a calm notice in both layouts, as pl has it; spec §8 put it in
      // usweb's error banner, where members read "Error", pressed again and voided the code.
      step.clearBanner()
      setNotice(t.mfa.newCodeSent)
      scrollToTop()
      return null
    })

  // Issue 43 (item 10): after enrolment the code went to the email at once; the mobile
  // confirmed with it may have it instead.
  const byTextInstead = () =>
    perform(t.screens.busy.sendingCode)(
      () => submitVerification('sms'),
      (response) => {
        const next = stepAfterResponse(response)
        if (next.kind !== 'screen' || next.screen !== 'verificationInfoStep3') return next
        writeMfaProgress({
          deliveryMethod: 'sms',
          otherMethod: null,
          codeResendAt: resendAtOf(response),
        })
        setProgress(readMfaProgress())
        resetField('verificationCode')
        resend.start(resendSecondsOf(response))
        step.clearBanner()
        setNotice(t.mfa.newCodeSent)
        scrollToTop()
        return null
      },
    )

  const askForSupport = () =>
    void perform(t.frame.busy.loading)(requestSupport, (r) => stepAfterResponse(r))

  const onInvalid: typeof step.onInvalid = (fieldErrors) => {
    setNotice(null)
    step.onInvalid(fieldErrors)
  }

  return (
    <MfaFrame
      layout={layout}
      id="mfa-code"
      title={t.mfa.enterCodeTitle}
      intro={t.mfa.codeSent(mode)}
      bannerItems={step.bannerItems}
      isBusy={step.isBusy}
      busyText={busyText}
    >
      <Notice text={notice} />
      {destination && (
        <p className="mfa__sent-to">
          {t.mfa.sentTo}: <span className="nowrap">{destination}</span>
        </p>
      )}
      <form className="mfa__form" noValidate onSubmit={step.guard(handleSubmit(submit, onInvalid))}>
        <TextField
          id={codeInputId}
          label={t.mfa.verificationCode}
          error={errors.verificationCode?.message}
          className="mfa__code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          // No maxLength: a pasted '123 456' would be cut to '123 45'; the digits are kept
          // (at most six) as typed or pasted (issue 27).
          {...codeField}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const input = event.target
            const digits = codeDigitsOf(input.value)
            if (digits !== input.value) input.value = digits
            return codeField.onChange(event)
          }}
        />
        {/* Issue 27: as long as the service trusts a device (MFA_DEVICE_TRUST_DAYS); not
            offered when it trusts none. */}
        {env.deviceTrustDays > 0 && (
          <>
            <label className="mfa-choice">
              <input
                type="checkbox"
                checked={isRemembered}
                aria-describedby="mfa-remember-hint"
                onChange={(event) => setRemembered(event.target.checked)}
              />
              <span>{t.mfa.rememberDevice(env.deviceTrustDays)}</span>
            </label>
            <p className="form-field__hint" id="mfa-remember-hint">
              {t.mfa.rememberDeviceHint}
            </p>
          </>
        )}
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t.screens.common.submit}
          </button>
        </div>
      </form>
      {/* The other ways on: secondary, so that Submit is the one main action. */}
      <section className="mfa__more" aria-labelledby="mfa-code-help">
        <h2 id="mfa-code-help" className="mfa__more-title">
          {t.mfa.codeHelp}
        </h2>
        {resend.secondsLeft > 0 && (
          <p className="form-field__hint" id={resendHintId}>
            {t.mfa.resendIn(resend.secondsLeft)}
          </p>
        )}
        <div className="mfa__more-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void newCode()}
            disabled={resend.secondsLeft > 0}
            aria-describedby={resend.secondsLeft > 0 ? resendHintId : undefined}
          >
            {t.mfa.generateNewCode}
          </button>
          {progress.otherMethod === 'sms' && progress.deliveryMethod === 'email' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void byTextInstead()}
              disabled={resend.secondsLeft > 0}
              aria-describedby={resend.secondsLeft > 0 ? resendHintId : undefined}
            >
              {t.mfa.sendByText}
            </button>
          )}
          <Link
            className="button button--secondary"
            to={mfaScreenPath(flavour, 'verificationInfoStep1')}
          >
            {t.mfa.changeDeliveryMode}
          </Link>
          {layout === 'usweb' && (
            <button type="button" className="button button--secondary" onClick={askForSupport}>
              {t.mfa.support}
            </button>
          )}
        </div>
        {layout === 'pl' && (
          <p className="mfa__help">
            {t.mfa.plHelpLead}{' '}
            <button type="button" className="mfa-link-button" onClick={askForSupport}>
              {t.mfa.plHelpLink}
            </button>{' '}
            {t.mfa.plHelpTail}
          </p>
        )}
      </section>
      <p className="mfa__faq">
        <ExternalLink href={env.links.mfaFaq}>{t.mfa.faq}</ExternalLink>
      </p>
    </MfaFrame>
  )
}

/**
 * Information for the user (pl's "new code sent"): announced, not an error. The live region
 * is always there, so that screen readers hear the text when it appears.
 */
function Notice({ text }: { text: string | null }) {
  return <div role="status">{text && <p className="mfa__notice">{text}</p>}</div>
}
