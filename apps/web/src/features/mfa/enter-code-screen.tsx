// Spec §2 screen 12 (verificationinfostep3): enter the one-time code, ask for a new one,
// change the delivery mode, or ask for support.
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import {
  limits,
  messages,
  myAccountScreen,
  screenTexts,
  verificationCodeSchema,
  type CwMfaResponse,
  type Flavour,
} from '@portal/contract'
import { ExternalLink } from '../../components/external-link.tsx'
import { describedByError, FormField } from '../../components/form-field.tsx'
import { env } from '../../config/env.ts'
import { mfaScreenPath, stepAfterResponse, type MfaStep } from '../../lib/mfa-next-step.ts'
import { scrollToTop } from '../../lib/page.ts'
import { enterVerificationCode, generateNewCode, requestSupport } from './mfa-api.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { readMfaProgress, resendAtOf, writeMfaProgress } from './mfa-progress.ts'
import { useMfaStep } from './use-mfa-step.ts'

export const enterCodeTitle = screenTexts.mfa.enterCodeTitle

interface CodeFormValues {
  verificationCode: string
}

function codeProblem(value: string): string | true {
  const result = verificationCodeSchema.safeParse(value)
  return result.success || (result.error.issues[0]?.message ?? messages.validation.verificationCode)
}

export function EnterCodeScreen({ flavour }: { flavour: Flavour }) {
  const layout = mfaLayoutOf(flavour)
  const step = useMfaStep(flavour)
  // pl shows "new code sent" as information; usweb in the error banner (spec §8).
  const [notice, setNotice] = useState<string | null>(null)
  const [progress] = useState(readMfaProgress)
  const mode = progress.deliveryMethod === 'sms' ? 'mobile' : 'email'
  // The service's resend cool-down (issue 14): shown, so nobody presses in vain.
  const [resendSeconds, restartCountdown] = useCountdown(progress.codeResendAt)

  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<CodeFormValues>({
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
        return next
      },
    )

  const newCode = () =>
    perform(generateNewCode, (response) => {
      const next = stepAfterResponse(response)
      if (next.kind !== 'screen' || next.screen !== 'verificationInfoStep3') return next
      // Still on this screen, with a fresh code on its way.
      resetField('verificationCode')
      const at = resendAtOf(response)
      if (at !== undefined) {
        restartCountdown(at)
        writeMfaProgress({ codeResendAt: at })
      }
      if (layout === 'pl') {
        setNotice(messages.mfa.newCodeSent)
        scrollToTop()
      } else {
        step.showBanner([messages.mfa.newCodeSent])
      }
      return null
    })

  const askForSupport = () => void perform(requestSupport, (r) => stepAfterResponse(r))

  const onInvalid = () => {
    step.clearBanner()
    setNotice(null)
    scrollToTop() // the field then takes focus
  }

  const codeError = errors.verificationCode?.message

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
      <form
        className="mfa__form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      >
        <FormField id="mfa-code-input" label="Verification Code" error={codeError}>
          <input
            id="mfa-code-input"
            className="input mfa__code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={limits.verificationCodeLength}
            aria-required="true"
            {...describedByError('mfa-code-input', codeError)}
            {...register('verificationCode', { validate: codeProblem })}
          />
        </FormField>
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={() => void newCode()}>
            Generate new Code
          </button>
          <button type="submit" className="button button--primary">
            Submit
          </button>
        </div>
        {resendSeconds > 0 && (
          <p className="mfa__resend-wait">{messages.throttle.newCodeAvailableIn(resendSeconds)}</p>
        )}
      </form>
      <div className="mfa__more">
        <Link className="button button--ghost" to={mfaScreenPath(flavour, 'verificationInfoStep1')}>
          Change Delivery Mode
        </Link>
        {layout === 'usweb' && (
          <button type="button" className="button button--ghost" onClick={askForSupport}>
            Support
          </button>
        )}
      </div>
      {layout === 'pl' && (
        <p className="mfa__help">
          Need help? Click{' '}
          <button type="button" className="mfa-link-button" onClick={askForSupport}>
            here
          </button>{' '}
          to contact support.
        </p>
      )}
      <p className="mfa__faq">
        <ExternalLink href={env.links.mfaFaq}>Verification code FAQ</ExternalLink>
      </p>
    </MfaFrame>
  )
}

/** Whole seconds until a moment (ms since epoch), counting down once a second; 0 once past. */
function useCountdown(initialAt: number): [number, (at: number) => void] {
  const [clock, setClock] = useState(() => ({ at: initialAt, now: Date.now() }))
  const { at } = clock
  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = Date.now()
      setClock((previous) => ({ ...previous, now }))
      if (now >= at) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [at])
  const restart = (next: number) => setClock({ at: next, now: Date.now() })
  return [Math.max(0, Math.ceil((clock.at - clock.now) / 1000)), restart]
}

/**
 * Information for the user (pl's "new code sent"): announced, not an error. The live region
 * is always there, so that screen readers hear the text when it appears.
 */
function Notice({ text }: { text: string | null }) {
  return <div role="status">{text && <p className="mfa__notice">{text}</p>}</div>
}
