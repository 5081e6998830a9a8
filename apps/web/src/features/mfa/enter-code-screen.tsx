// Spec §2 screen 12 (verificationinfostep3): enter the one-time code, ask for a new one,
// change the delivery mode, or ask for support.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import * as z from 'zod/mini'
import {
  limits,
  myAccountScreen,
  verificationCodeSchema,
  type CwMfaResponse,
  type Flavour,
} from '@portal/contract'
import { messages, screenTexts, webTexts } from '../../i18n/texts.ts'
import { ExternalLink } from '../../components/external-link.tsx'
import { TextField } from '../../components/text-field.tsx'
import { env } from '../../config/env.ts'
import { formResolver } from '../../lib/form-schemas.ts'
import { mfaScreenPath, stepAfterResponse, type MfaStep } from '../../lib/mfa-next-step.ts'
import { scrollToTop } from '../../lib/page.ts'
import { useCooldown } from '../../lib/use-cooldown.ts'
import { deliveryOptionsOf } from './choose-delivery-screen.tsx'
import { enterVerificationCode, generateNewCode, requestSupport } from './mfa-api.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { readMfaProgress, writeMfaProgress } from './mfa-progress.ts'
import { usePasskeyOfferDue } from './passkey-offer.ts'
import { useMfaData } from './use-mfa-data.ts'
import { useMfaStep } from './use-mfa-step.ts'
import { formTexts } from '../../i18n/form-texts.ts'

export const enterCodeTitle = screenTexts.mfa.enterCodeTitle

const CodeFormSchema = z.object({ verificationCode: verificationCodeSchema })
type CodeFormValues = z.input<typeof CodeFormSchema>

/** Used when the service does not say how long to wait before another code. */
const defaultResendSeconds = 30
const resendHintId = 'mfa-resend-hint'

/** Issue 14's `resendAfterSeconds`, when the service's answer carries it. */
function resendSecondsOf(response: CwMfaResponse): number {
  const seconds = (response as { resendAfterSeconds?: unknown }).resendAfterSeconds
  return typeof seconds === 'number' && seconds >= 0 ? seconds : defaultResendSeconds
}

export function EnterCodeScreen({ flavour }: { flavour: Flavour }) {
  const layout = mfaLayoutOf(flavour)
  const step = useMfaStep(flavour)
  // pl shows "new code sent" as information; usweb in the error banner (spec §8).
  const [notice, setNotice] = useState<string | null>(null)
  const [progress] = useState(readMfaProgress)
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
    formState: { errors },
  } = useForm<CodeFormValues>({
    resolver: formResolver(CodeFormSchema),
    defaultValues: { verificationCode: '' },
    reValidateMode: 'onChange',
  })

  const perform: typeof step.perform = (call, decide) => {
    setNotice(null)
    return step.perform(call, decide)
  }

  const submit = ({ verificationCode }: CodeFormValues) =>
    perform(
      () => enterVerificationCode(verificationCode.trim()),
      (response: CwMfaResponse): MfaStep => {
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
        // A wrong code is typed again from an empty field.
        if (next.kind === 'stay') resetField('verificationCode')
        // Issue 23: a passkey is offered once the code passed, before the hand-off.
        if (next.kind === 'handoff' && isOfferDue)
          return { kind: 'passkeyOffer', target: next.target }
        return next
      },
    )

  const newCode = () =>
    perform(generateNewCode, (response) => {
      const next = stepAfterResponse(response)
      if (next.kind !== 'screen' || next.screen !== 'verificationInfoStep3') return next
      // Still on this screen, with a fresh code on its way.
      resetField('verificationCode')
      resend.start(resendSecondsOf(response))
      if (layout === 'pl') {
        setNotice(messages.mfa.newCodeSent)
        scrollToTop()
      } else {
        step.showBanner([messages.mfa.newCodeSent])
      }
      return null
    })

  const askForSupport = () => void perform(requestSupport, (r) => stepAfterResponse(r))

  const onInvalid: typeof step.onInvalid = (fieldErrors) => {
    setNotice(null)
    step.onInvalid(fieldErrors)
  }

  return (
    <MfaFrame
      layout={layout}
      id="mfa-code"
      title={enterCodeTitle}
      intro={screenTexts.mfa.codeSent(mode)}
      bannerItems={step.bannerItems}
      isBusy={step.isBusy}
    >
      <Notice text={notice} />
      {destination && (
        <p className="mfa__sent-to">
          {screenTexts.mfa.sentTo}: <span className="nowrap">{destination}</span>
        </p>
      )}
      <form
        className="mfa__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        <TextField
          id="mfa-code-input"
          label={formTexts().mfa.verificationCode}
          error={errors.verificationCode?.message}
          className="mfa__code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.verificationCodeLength}
          {...register('verificationCode')}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {webTexts.common.submit}
          </button>
        </div>
      </form>
      {/* The other ways on: secondary, so that Submit is the one main action. */}
      <section className="mfa__more" aria-labelledby="mfa-code-help">
        <h2 id="mfa-code-help" className="mfa__more-title">
          {screenTexts.mfa.codeHelp}
        </h2>
        {resend.secondsLeft > 0 && (
          <p className="form-field__hint" id={resendHintId}>
            {screenTexts.mfa.resendIn(resend.secondsLeft)}
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
            {formTexts().mfa.generateNewCode}
          </button>
          <Link
            className="button button--secondary"
            to={mfaScreenPath(flavour, 'verificationInfoStep1')}
          >
            {formTexts().mfa.changeDeliveryMode}
          </Link>
          {layout === 'usweb' && (
            <button type="button" className="button button--secondary" onClick={askForSupport}>
              {formTexts().mfa.support}
            </button>
          )}
        </div>
        {layout === 'pl' && (
          <p className="mfa__help">
            {formTexts().mfa.plHelpLead}{' '}
            <button type="button" className="mfa-link-button" onClick={askForSupport}>
              {formTexts().mfa.plHelpLink}
            </button>{' '}
            {formTexts().mfa.plHelpTail}
          </p>
        )}
      </section>
      <p className="mfa__faq">
        <ExternalLink href={env.links.mfaFaq}>{formTexts().mfa.faq}</ExternalLink>
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
