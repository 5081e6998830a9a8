// Spec §2 screen 14 (support): call customer support and quote the incident ticket number.
import { useState } from 'react'
import { Link } from 'react-router'
import { limits, telHref, type Flavour } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { pathsOf } from '../../config/paths.ts'
import { signOutThenOpen } from '../../lib/sign-in/sign-out.ts'
import { MfaFrame, mfaLayoutOf } from './mfa-layout.tsx'

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
      title={t.support.title}
      watchesIdle={false}
      bannerItems={noItems}
      isBusy={isLeaving}
    >
      {isLockout && (
        <p className="mfa__notice">{t.support.paused(limits.verificationCodeMaxAttempts)}</p>
      )}
      <p>{phone ? <CallUs phone={phone} /> : t.support.callUs('the number shown above')}</p>
      <p>{layout === 'pl' ? t.support.plHours : t.support.uswebHours}</p>
      <div className="mfa__form">
        {/* Issue 43 (2): the number is shown as text (a one-line field cut it off at 390 px),
            in groups to read aloud (issue 27); Copy gives the number itself, one value (what
            staff search for). */}
        <dl className="mfa__ticket-field">
          <dt className="form-field__label" id="mfa-ticket-label">
            {t.support.ticketLabel}
          </dt>
          <dd className="mfa__ticket-row">
            <span className="mfa__ticket" id="mfa-ticket">
              {ticketForReading(incidentID)}
            </span>
            {incidentID && (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t.support.copyLabel}
                onClick={copyTicket}
              >
                {t.support.copy}
              </button>
            )}
          </dd>
        </dl>
        <p role="status" className="form-field__hint">
          {isCopied ? t.support.copied : ''}
        </p>
        {/* Issue 43 (2): what unlocks the account now, before the way back to login. */}
        {isLockout && (
          <div className="mfa__reset-now">
            <Link
              className="button button--secondary"
              to={pathsOf(flavour).forgotPassword}
              aria-describedby="mfa-reset-now-hint"
            >
              {t.support.resetNow}
            </Link>
            <p className="form-field__hint" id="mfa-reset-now-hint">
              {t.support.resetNowHint}
            </p>
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={continueToLogin}>
            {t.screens.common.continue}
          </button>
        </div>
      </div>
    </MfaFrame>
  )
}

/** The support text with its number as a tap-to-call link that never breaks across lines. */
function CallUs({ phone }: { phone: string }) {
  const [before, after] = t.support.callUs('\u0000').split('\u0000')
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
