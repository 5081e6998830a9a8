// Pieces the console's screens share: dates, the security-event timeline, the banner, and
// the form every action goes through (it asks for a reason).
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { consoleTexts, type LockCause, type SecurityEvent } from '@portal/contract/console'
import { Field, fieldAria } from '../components/text-field.tsx'
import type { Answer } from './console-api.ts'
import { useConsole } from './console-context.ts'
import { formatConsoleTime } from './console-time.ts'

/** The console's one way to show a time: in the desk's zone (the service's), zone named. */
export function useWhen(): (iso: string | null) => string {
  const { staff } = useConsole()
  return (iso) => formatConsoleTime(iso, staff.timeZone)
}

const eventNames: Record<string, string> = {
  'login.succeeded': 'Signed in with password',
  'login.failed': 'Wrong password',
  'login.locked': 'Sign-in refused: locked',
  'login.wrong_program': 'Sign-in at the wrong program',
  logout: 'Signed out',
  'password.changed': 'Password changed',
  'password.reuse_refused': 'Reused password refused',
  'mfa.locked': 'Locked after wrong codes',
  'mfa.known_device': 'Recognised device',
  'mfa.contact_saved': 'Verification details saved',
  'mfa.code_sent': 'Verification code sent',
  'mfa.code_rejected': 'Wrong verification code',
  'mfa.code_reused': 'Used code typed again (no try spent)',
  'mfa.passed': 'Verification passed',
  'mfa.support_requested': 'Asked for support',
  'recovery.username_sent': 'Username sent',
  'recovery.temporary_password_sent': 'Temporary password sent',
  'recovery.account_on_hold': 'Temporary password refused: account disabled',
  'handoff.issued': 'Handed on to the program site',
  'account.created_by_operator': 'Account created by an operator',
  'support.member_viewed': 'Viewed by support',
  'support.incident_viewed': 'Incident viewed by support',
  'support.unlocked': 'Unlocked by support',
  'support.mfa_reset': 'Verification reset by support',
  'support.sessions_revoked': 'Sessions ended by support',
  'support.username_resent': 'Username resent by support',
  'support.incident_resolved': 'Incident resolved by support',
}

export const eventName = (event: string) => eventNames[event] ?? event

/**
 * Review problem 14: each part of an entry is its own text with a space between (a margin
 * alone read as "supportby staff:…" to a screen reader), and ends with a full stop or a
 * comma so the entry reads as a sentence.
 */
export function Timeline({ events }: { events: SecurityEvent[] }) {
  const when = useWhen()
  if (events.length === 0) return <p>No security events yet.</p>
  return (
    <ol className="console-timeline">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`}>
          <time dateTime={e.at}>{when(e.at)}</time>
          {': '}
          <span className="console-timeline__event">{eventName(e.event)}</span>
          {e.actor && <> by {e.actor}</>}
          {e.clientIp && <> from {e.clientIp}</>}
          {e.reason && <>, reason “{e.reason}”</>}
        </li>
      ))}
    </ol>
  )
}

/** The lock's cause as a status line: "Locked after 6 wrong codes on Nov 24, …, CST". */
export function useLockStatus(): (lock: LockCause | null) => string {
  const when = useWhen()
  return (lock) => {
    if (!lock) return 'Locked'
    const cause = consoleTexts.lockCause(lock, lock.at === null ? null : when(lock.at))
    return cause ? `Locked ${cause}` : 'Locked'
  }
}

export function Banner({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className="console-banner" role="alert">
      {message}
    </div>
  )
}

export function Notice({ message }: { message: string | null }) {
  return (
    <p className="console-notice" role="status">
      {message}
    </p>
  )
}

interface ActionProps {
  /** The button that opens the form, e.g. "Unlock account". */
  label: string
  /** What the action does, shown above the reason field. */
  description: ReactNode
  run(reason: string): Promise<Answer<unknown>>
  /** Called with the call's answer once it succeeded. */
  done(data: unknown): void
}

/** An action on a member: opens a small form asking why, then runs. */
export function ActionForm({ label, description, run, done }: ActionProps) {
  const { sessionEnded } = useConsole()
  const [isOpen, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    if (reason.trim().length < 5) {
      setProblem(consoleTexts.reasonRequired)
      return
    }
    setBusy(true)
    const answer = await run(reason.trim())
    setBusy(false)
    if (answer.ok) {
      setOpen(false)
      setReason('')
      setProblem(null)
      done(answer.data)
      return
    }
    if (answer.status === 401) return sessionEnded()
    setProblem(answer.message)
  }

  if (!isOpen) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {label}
      </button>
    )
  }
  return (
    <form className="console-action" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{label}</h3>
      <p>{description}</p>
      <Field
        id={`${id}-reason`}
        label="Reason (recorded in the audit log)"
        error={problem ?? undefined}
      >
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldAria({ id: `${id}-reason`, error: problem ?? undefined })}
          // The form was opened to be filled in: the field takes focus.
          autoFocus
        />
      </Field>
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          Confirm: {label.toLowerCase()}
        </button>
      </div>
    </form>
  )
}
