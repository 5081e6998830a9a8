// Issue 27 (problem 2, WCAG 2.2.1): a warning before the sign-in's idle limit, with "Stay
// signed in" (the service extends the session) and "Sign out"; the HMRC/DWP timeout pattern.
// The portal keeps no clock of its own for the limit: it asks the service when it expects the
// warning to be due, and the service's answer decides.
// Issue 43 (item 9): the time left counts down on screen (minutes, then seconds in the last
// one), while screen readers hear it only at the opening (the dialog's description) and at
// one minute and 20 seconds left (a live region), not every second, as HMRC's dialog does.
import { useEffect, useId, useRef, useState } from 'react'
import { areaLoginWith } from '../config/paths.ts'
import { t } from '../i18n/texts.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import {
  keepSessionAlive,
  readSessionTime,
  sessionState,
  type SessionTimeAnswer,
} from '../lib/visit/session-time.ts'
import { signOutThenOpen } from '../lib/sign-in/sign-out.ts'
import './contact-dialog.css'

/** A service that does not answer the question is asked again after this long. */
const retryMs = 60_000
/** The seconds left at which the live region speaks (the opening is said by the dialog). */
const spokenAt = [60, 20]

/** What the warning says with `seconds` left: whole minutes, then seconds in the last one. */
export function timeLeftText(seconds: number): string {
  return seconds > 60
    ? t.session.warning(Math.ceil(seconds / 60))
    : t.session.warningSeconds(Math.max(0, seconds))
}

/** The login of the area and program shown: where "Sign out" and "Log in again" go. */
export function useAreaLogin(): string {
  const { flavour, program, level1Org } = useProgramSelection()
  return areaLoginWith(flavour, program.code, level1Org)
}

/** The warning dialog; mounted with the verification screens, silent until it is due. */
export function IdleWatch() {
  const loginPath = useAreaLogin()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const textId = useId()
  // While the warning is open: when the sign-in ends on the browser's clock, counted down.
  const [countdown, setCountdown] = useState<Countdown | null>(null)
  const secondsLeft = useSecondsLeft(countdown, setCountdown)
  const [isLeaving, setLeaving] = useState(false)
  // What to make of the service's answer; set by the effect, used by "Stay signed in" too.
  const followRef = useRef<(answer: SessionTimeAnswer) => void>(() => undefined)

  useEffect(() => {
    let timer: number | undefined
    const askAfter = (ms: number) => {
      timer = window.setTimeout(() => void readSessionTime().then(follow), ms)
    }
    function follow(answer: SessionTimeAnswer) {
      window.clearTimeout(timer)
      if (answer.kind === 'ended') {
        sessionState.sawRefusal()
        setCountdown(null)
        return
      }
      if (answer.kind === 'unknown') return askAfter(retryMs)
      sessionState.sawLive()
      const { secondsLeft, warnBeforeSeconds } = answer.time
      const isDue = secondsLeft <= warnBeforeSeconds
      setCountdown(isDue ? countdownOf(secondsLeft) : null)
      // Asked again when the warning is due, or when the time is up (the answer then says
      // whether activity meanwhile moved the end).
      askAfter((isDue ? secondsLeft + 1 : secondsLeft - warnBeforeSeconds) * 1000)
    }
    followRef.current = follow
    void readSessionTime().then(follow)
    return () => window.clearTimeout(timer)
  }, [])

  const isOpen = countdown !== null
  // The last moment passed since the warning opened (at 60 or 20 s), said once each.
  const passed = spokenAt.filter(
    (at) => countdown && at < countdown.openedWith && secondsLeft !== null && secondsLeft <= at,
  )
  const spoken = passed.length > 0 ? timeLeftText(Math.min(...passed)) : ''
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    // showModal traps focus and puts it on the first button, "Stay signed in".
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open) dialog.close()
  }, [isOpen])

  const stay = () => void keepSessionAlive().then((answer) => followRef.current(answer))
  const signOut = () => {
    if (isLeaving) return
    setLeaving(true)
    void signOutThenOpen(loginPath)
  }

  return (
    <dialog
      ref={dialogRef}
      className="contact-dialog"
      aria-labelledby={headingId}
      aria-describedby={textId}
      // Esc is "Stay signed in": the one answer that changes nothing the member did.
      onCancel={(event) => {
        event.preventDefault()
        stay()
      }}
    >
      <div className="contact-dialog__body">
        <h2 id={headingId} className="contact-dialog__heading">
          {t.session.warningTitle}
        </h2>
        <p id={textId}>{secondsLeft !== null && timeLeftText(secondsLeft)}</p>
        <p className="visually-hidden" aria-live="polite">
          {spoken}
        </p>
        <div className="contact-dialog__actions form-actions">
          <button type="button" className="button button--primary" onClick={stay}>
            {t.session.staySignedIn}
          </button>
          <button type="button" className="button button--secondary" onClick={signOut}>
            {t.session.signOut}
          </button>
        </div>
      </div>
    </dialog>
  )
}

interface Countdown {
  /** When the sign-in ends, on the browser's clock (ms). */
  endsAt: number
  /** The whole seconds left when the warning opened. */
  openedWith: number
  /** The browser's clock at the last tick (ms). */
  now: number
}

function countdownOf(secondsLeft: number): Countdown {
  const now = Date.now()
  return { endsAt: now + secondsLeft * 1000, openedWith: secondsLeft, now }
}

/** The whole seconds left, the clock moved on each second while the warning is open. */
function useSecondsLeft(
  countdown: Countdown | null,
  setCountdown: (update: (current: Countdown | null) => Countdown | null) => void,
): number | null {
  const endsAt = countdown?.endsAt
  useEffect(() => {
    if (endsAt === undefined) return
    const tick = window.setInterval(
      () => setCountdown((current) => current && { ...current, now: Date.now() }),
      1000,
    )
    return () => window.clearInterval(tick)
  }, [endsAt, setCountdown])
  if (!countdown) return null
  return Math.max(0, Math.ceil((countdown.endsAt - countdown.now) / 1000))
}
