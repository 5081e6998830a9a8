// Spec §2 screen 11 (verificationinfostep1; pl also `mfa`): where the code goes, whether to
// update the contact details afterwards, or a call to support.
import { useState, type FormEvent } from 'react'
import { maskPhone, type DeliveryMethod, type Flavour, type MfaDetails } from '@portal/contract'
import { failureTextOf, t } from '../../i18n/texts.ts'
import { DeliveryChoice, type DeliveryOption } from '../../components/delivery-choice.tsx'
import { stepAfterResponse } from '../../lib/sign-in/mfa-next-step.ts'
import { requestSupport, submitVerification } from './mfa-api.ts'
import { shortMaskedEmail } from './mfa-contact.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { readMfaProgress, resendAtOf, writeMfaProgress } from './mfa-progress.ts'
import { useMfaData } from './use-mfa-data.ts'
import { useMfaStep } from './use-mfa-step.ts'
import { PasskeyChoice, usePasskeyPlacement } from './passkey-choice.tsx'

/** Spec §2 screen 7's rule, here too: an option appears only if that contact exists. */
export function deliveryOptionsOf(details: MfaDetails | null): DeliveryOption<DeliveryMethod>[] {
  const options: DeliveryOption<DeliveryMethod>[] = []
  if (details?.emailAddress) {
    options.push({
      method: 'email',
      label: t.mfa.email,
      masked: shortMaskedEmail(details.emailAddress),
    })
  }
  const phone = maskPhone(details?.phoneNumber ?? null)
  if (phone) options.push({ method: 'sms', label: t.mfa.mobile, masked: phone })
  return options
}

export function ChooseDeliveryScreen({ flavour }: { flavour: Flavour }) {
  const layout = mfaLayoutOf(flavour)
  const data = useMfaData({ details: true, countries: false })
  const step = useMfaStep(flavour)
  const [picked, setMethod] = useState<DeliveryMethod | null>(null)
  const passkey = usePasskeyPlacement()
  const [isUpdateRequested, setUpdateRequested] = useState(
    () => readMfaProgress().isUpdateRequested,
  )

  const options = data.status === 'ready' ? deliveryOptionsOf(data.details) : []
  // Issue 43 (item 6): a single place to send the code is chosen already.
  const method = picked ?? (options.length === 1 ? (options[0]?.method ?? null) : null)
  const bannerItems =
    data.status === 'failed' && step.bannerItems.length === 0
      ? [failureTextOf(flavour)]
      : step.bannerItems
  const isValid = method !== null && options.some((option) => option.method === method)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!method || !isValid) return
    // Kept for screen 12's text and the update choice after the code (spec §4 "MFA screens").
    writeMfaProgress({ deliveryMethod: method, isUpdateRequested, otherMethod: null })
    void step.perform(
      () => submitVerification(method),
      (response) => {
        writeMfaProgress({ codeResendAt: resendAtOf(response) })
        return stepAfterResponse(response)
      },
    )
  }

  const askForSupport = () => void step.perform(requestSupport, (r) => stepAfterResponse(r))

  return (
    <MfaFrame
      layout={layout}
      id="mfa-delivery"
      title={t.mfa.chooseDeliveryTitle}
      intro={t.mfa.chooseIntro}
      bannerItems={bannerItems}
      isBusy={step.isBusy || data.status === 'loading'}
      busyText={step.isBusy ? t.screens.busy.sendingCode : undefined}
    >
      <PasskeyChoice
        step={step}
        placement={passkey}
        at="lead"
        isUpdateRequested={isUpdateRequested}
      />
      <form className="mfa__form" noValidate onSubmit={submit}>
        {data.status === 'ready' && data.details?.contactsBound && (
          <p className="mfa__notice">{t.mfa.boundContactsIntro}</p>
        )}
        {data.status === 'ready' && data.details?.recentRecoveryBy && (
          <p className="mfa__notice">{t.mfa.recentRecovery(data.details.recentRecoveryBy)}</p>
        )}
        <DeliveryChoice
          name="rgValue"
          legend={t.mfa.sendMyCodeBy}
          options={options}
          value={method}
          onChange={setMethod}
          // Spec §2 screen 11: Continue waits for a choice; the hint says so.
          hint={!isValid && data.status !== 'loading' ? t.validation.deliveryMethod : null}
        />
        <label className="mfa-choice">
          <input
            type="checkbox"
            checked={isUpdateRequested}
            onChange={(event) => setUpdateRequested(event.target.checked)}
          />
          <span>{t.mfa.updateAfterVerifying}</span>
        </label>
        <div className="form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!isValid}
            aria-describedby={isValid ? undefined : 'rgValue-hint'}
          >
            {t.screens.common.continue}
          </button>
          <button type="button" className="button button--secondary" onClick={askForSupport}>
            {t.mfa.contactSupport}
          </button>
        </div>
      </form>
      <PasskeyChoice
        step={step}
        placement={passkey}
        at="second"
        isUpdateRequested={isUpdateRequested}
      />
    </MfaFrame>
  )
}
