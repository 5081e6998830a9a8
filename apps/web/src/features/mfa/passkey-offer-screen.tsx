// Issue 23: after a code passed, before the hand-off, a screen of its own offers a passkey.
// Whatever happens here (made, declined, cancelled, failed), the sign-in goes on to the
// hand-off, with no error: the code already proved the member.
import { useState } from 'react'
import type { Flavour } from '@portal/contract'
import { screenTexts } from '../../i18n/texts.ts'
import type { HandoffTarget } from '../../lib/handoff.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { rememberOfferAnswered } from './passkey-offer.ts'
import { createPasskey } from './passkeys-api.ts'
import { useMfaStep } from './use-mfa-step.ts'

export const passkeyOfferTitle = screenTexts.passkeys.offerTitle

export function PasskeyOfferScreen({
  flavour,
  target,
}: {
  flavour: Flavour
  target: HandoffTarget
}) {
  const layout = mfaLayoutOf(flavour)
  const step = useMfaStep(flavour)
  const [isWorking, setWorking] = useState(false)

  const goOn = async (work: () => Promise<unknown>) => {
    if (isWorking) return
    setWorking(true)
    rememberOfferAnswered()
    await work()
    await step.follow({ kind: 'handoff', target })
    setWorking(false)
  }

  return (
    <MfaFrame
      layout={layout}
      id="passkey-offer"
      title={passkeyOfferTitle}
      intro={screenTexts.passkeys.offerIntro}
      bannerItems={step.bannerItems}
      isBusy={isWorking}
    >
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void goOn(createPasskey)}
          disabled={isWorking}
        >
          {screenTexts.passkeys.create}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void goOn(async () => undefined)}
          disabled={isWorking}
        >
          {screenTexts.passkeys.notNow}
        </button>
      </div>
    </MfaFrame>
  )
}
