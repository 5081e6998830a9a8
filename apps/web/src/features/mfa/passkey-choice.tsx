// Issue 43: "Use your passkey" wherever the service says a second factor is owed (the
// challenge's delivery choice, the confirmation of details). It leads, as the primary button
// above the code, only where a passkey of this site is known to be on this device (made or
// used in this browser); elsewhere it is a second choice below, since a passkey may be on a
// phone nearby or in another browser. A ceremony that ends in the browser is said calmly.
import { myAccountScreen, type CwMfaResponse } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { stepAfterResponse, type MfaStep } from '../../lib/sign-in/mfa-next-step.ts'
import { writeMfaProgress } from './mfa-progress.ts'
import { isPasskeyKnownHere } from './passkey-device.ts'
import { signInWithPasskey } from './passkeys-api.ts'
import { useHasPasskey } from './use-has-passkey.ts'
import type { useMfaStep } from './use-mfa-step.ts'

/** Where the passkey goes on a screen: leading (above the code), or as a second choice. */
export interface PasskeyPlacement {
  hasPasskey: boolean
  leads: boolean
}

/** Whether the member has a passkey to offer here, and whether it leads on this device. */
export function usePasskeyPlacement(isOwed = true): PasskeyPlacement {
  const hasPasskey = useHasPasskey(isOwed)
  return { hasPasskey, leads: hasPasskey && isPasskeyKnownHere() }
}

/** A passed passkey goes where a right code goes (the update path stays with the code). */
function stepAfterPasskey(response: CwMfaResponse, isUpdateRequested: boolean): MfaStep | null {
  if (response.statusCode === 'AUTHENTICATION_FAILED') {
    return { kind: 'stay', message: t.passkeys.notUsed }
  }
  if (response.statusCode === 'AUTHENTICATION_SUCCESS') {
    writeMfaProgress({
      doneTarget: response.nextScreen === myAccountScreen ? 'landing' : 'login',
      isUpdateRequested: false,
    })
  }
  return stepAfterResponse(response, { isUpdateRequested })
}

interface PasskeyChoiceProps {
  step: ReturnType<typeof useMfaStep>
  placement: PasskeyPlacement
  /** 'lead' renders only where the passkey leads; 'second' only where it does not. */
  at: 'lead' | 'second'
  isUpdateRequested?: boolean
}

export function PasskeyChoice({
  step,
  placement,
  at,
  isUpdateRequested = false,
}: PasskeyChoiceProps) {
  if (!placement.hasPasskey || placement.leads !== (at === 'lead')) return null
  const usePasskey = () =>
    void step.perform(signInWithPasskey, (response) =>
      stepAfterPasskey(response, isUpdateRequested),
    )
  const button = (
    <button
      type="button"
      className={`button ${at === 'lead' ? 'button--primary' : 'button--secondary'}`}
      onClick={usePasskey}
    >
      {t.passkeys.use}
    </button>
  )
  if (at === 'lead') {
    return (
      <div className="mfa__passkey">
        <PasskeyNotice text={step.notice} />
        <div className="form-actions">{button}</div>
        <p className="mfa__passkey-or">{t.passkeys.orCode}</p>
      </div>
    )
  }
  return (
    <div className="mfa__passkey mfa__passkey--second">
      <p>{t.passkeys.elsewhere}</p>
      <div className="form-actions">{button}</div>
      <PasskeyNotice text={step.notice} />
    </div>
  )
}

/** Said calmly (a status, not the Error banner): the region is there before the words. */
function PasskeyNotice({ text }: { text: string | null }) {
  return <div role="status">{text && <p className="mfa__notice">{text}</p>}</div>
}
