// Spec §2 screen 14 (support): call customer support and quote the incident ticket number.
import { useState } from 'react'
import { Link } from 'react-router'
import { limits, telHref, type Flavour } from '@portal/contract'
import { screenTexts, webTexts } from '../../i18n/texts.ts'
import { Field } from '../../components/text-field.tsx'
import { pathsOf } from '../../config/paths.ts'
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
  /** The account was just locked by wrong codes (issue 27): say so, and offer the reset. */
  isLockout?: boolean
}

const t = screenTexts.support

/** 'INC20261124194104' → 'INC 2026 1124 194104': groups to read aloud on the phone. */
export function ticketForReading(incidentID: string): string {
  const match = /^(INC)(\d{4})(\d{4})(\d+)$/.exec(incidentID)
  return match ? match.slice(1).join(' ') : incidentID
}

export function SupportScreen({
  flavour,
  phone,
  incidentID,
  loginPath,
  isLockout = false,
}: SupportScreenProps) {
  const layout = mfaLayoutOf(flavour)
  const [isLeaving, setLeaving] = useState(false)
  const [isCopied, setCopied] = useState(false)

  const copyTicket = () => {
    void navigator.clipboard.writeText(incidentID).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

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
      watchesIdle={false}
      bannerItems={noItems}
      isBusy={isLeaving}
    >
      {isLockout && <p className="mfa__notice">{t.paused(limits.verificationCodeMaxAttempts)}</p>}
      <p>{phone ? <CallUs phone={phone} /> : t.callUs('the number shown above')}</p>
      <p>{layout === 'pl' ? t.plHours : t.uswebHours}</p>
      <div className="mfa__form">
        <Field id="mfa-ticket" label={t.ticketLabel}>
          {/* The number itself stays one value (what staff search for); it is shown in
              groups, letter-spaced, to read aloud (issue 27). */}
          <div className="mfa__ticket-row">
            <input
              id="mfa-ticket"
              className="input mfa__ticket"
              type="text"
              readOnly
              value={ticketForReading(incidentID)}
            />
            {incidentID && (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t.copyLabel}
                onClick={copyTicket}
              >
                {t.copy}
              </button>
            )}
          </div>
        </Field>
        <p role="status" className="form-field__hint">
          {isCopied ? t.copied : ''}
        </p>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={continueToLogin}>
            {webTexts.common.continue}
          </button>
        </div>
        {isLockout && (
          <p className="mfa__reset-now">
            <Link to={pathsOf(flavour).forgotPassword}>{t.resetNow}</Link>
            <br />
            <span className="form-field__hint">{t.resetNowHint}</span>
          </p>
        )}
      </div>
    </MfaFrame>
  )
}

/** The support text with its number as a tap-to-call link that never breaks across lines. */
function CallUs({ phone }: { phone: string }) {
  const [before, after] = t.callUs('\u0000').split('\u0000')
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
