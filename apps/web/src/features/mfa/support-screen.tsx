// Spec §2 screen 14 (support): call customer support and quote the incident ticket number.
import { useState } from 'react'
import { type Flavour } from '@portal/contract'
import { screenTexts, webTexts } from '../../i18n/texts.ts'
import { telHref } from '../../components/phone-link.tsx'
import { Field } from '../../components/text-field.tsx'
import { signOutThenOpen } from '../../lib/sign-out.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'

export const supportTitle = screenTexts.support.title

const noItems: readonly string[] = []

interface SupportScreenProps {
  flavour: Flavour
  /** The program's customer-service number, written the program's way; null until known. */
  phone: string | null
  incidentID: string
  /** pl: /proliability/login; usweb: login with prgName and level1Org. */
  loginPath: string
}

export function SupportScreen({ flavour, phone, incidentID, loginPath }: SupportScreenProps) {
  const layout = mfaLayoutOf(flavour)
  const [isLeaving, setLeaving] = useState(false)

  // The verification left half-way ends here: the next visit starts at login.
  const continueToLogin = () => {
    if (isLeaving) return
    setLeaving(true)
    void signOutThenOpen(loginPath)
  }

  return (
    <MfaFrame
      layout={layout}
      id="mfa-support"
      title={supportTitle}
      bannerItems={noItems}
      isBusy={isLeaving}
    >
      <p>
        {phone ? <CallUs phone={phone} /> : screenTexts.support.callUs('the number shown above')}
      </p>
      {layout === 'pl' && <p>{screenTexts.support.plHours}</p>}
      <div className="mfa__form">
        <Field id="mfa-ticket" label={screenTexts.support.ticketLabel}>
          <input
            id="mfa-ticket"
            className="input mfa__ticket"
            type="text"
            readOnly
            value={incidentID}
          />
        </Field>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={continueToLogin}>
            {webTexts.common.continue}
          </button>
        </div>
      </div>
    </MfaFrame>
  )
}

/** The support text with its number as a tap-to-call link that never breaks across lines. */
function CallUs({ phone }: { phone: string }) {
  const [before, after] = screenTexts.support.callUs('\u0000').split('\u0000')
  return (
    <>
      {before}
      <a className="phone-link" href={telHref(phone)}>
        {phone}
      </a>
      {after}
    </>
  )
}
