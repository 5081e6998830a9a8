// Issue 23: after a code passed, before the hand-off, a screen of its own offers a passkey.
// Issue 43: a passkey made is said so ("Passkey saved", with where it is and how to use it
// next time) before the hand-off; a cancelled or failed creation stays on the offer with a
// calm notice, so the member may try again or choose "Not now". The code already proved the
// member: nothing here is an error.
import { useState } from 'react'
import type { Flavour } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import type { HandoffTarget } from '../../lib/sign-in/handoff.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'
import { rememberOfferAnswered } from './passkey-offer.ts'
import { createPasskey } from './passkeys-api.ts'
import { useMfaStep } from './use-mfa-step.ts'

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
  const [outcome, setOutcome] = useState<'offered' | 'saved' | 'notSaved'>('offered')

  const goOn = async () => {
    if (isWorking) return
    setWorking(true)
    await step.follow({ kind: 'handoff', target })
    setWorking(false)
  }

  const create = async () => {
    if (isWorking) return
    setWorking(true)
    const isSaved = await createPasskey()
    if (isSaved) rememberOfferAnswered()
    setOutcome(isSaved ? 'saved' : 'notSaved')
    setWorking(false)
  }

  const notNow = () => {
    rememberOfferAnswered()
    void goOn()
  }

  if (outcome === 'saved') {
    return (
      <MfaFrame
        // A screen of its own: its heading takes the focus, as on arrival.
        key="passkey-saved"
        layout={layout}
        id="passkey-saved"
        title={t.passkeys.savedTitle}
        intro={t.passkeys.saved}
        bannerItems={step.bannerItems}
        isBusy={isWorking}
      >
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void goOn()}
            disabled={isWorking}
          >
            {t.screens.common.continue}
          </button>
        </div>
      </MfaFrame>
    )
  }

  return (
    <MfaFrame
      layout={layout}
      id="passkey-offer"
      title={t.passkeys.offerTitle}
      intro={t.passkeys.offerIntro}
      bannerItems={step.bannerItems}
      isBusy={isWorking}
    >
      <div role="status">
        {outcome === 'notSaved' && <p className="mfa__notice">{t.passkeys.notSaved}</p>}
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void create()}
          disabled={isWorking}
        >
          {t.passkeys.create}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={notNow}
          disabled={isWorking}
        >
          {t.passkeys.notNow}
        </button>
      </div>
    </MfaFrame>
  )
}
