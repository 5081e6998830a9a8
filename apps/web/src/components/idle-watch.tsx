// Issue 27 (problem 2, WCAG 2.2.1): a warning before the sign-in's idle limit, with "Stay
// signed in" (the service extends the session) and "Sign out"; the HMRC/DWP timeout pattern.
// The portal keeps no clock of its own for the limit: it asks the service when it expects the
// warning to be due, and the service's answer decides.
import { useEffect, useId, useRef, useState } from 'react'
import { areaLoginWith } from '../config/paths.ts'
import { screenTexts } from '../i18n/texts.ts'
import { useProgramSelection } from '../lib/program-selection.ts'
import {
  keepSessionAlive,
  readSessionTime,
  sessionState,
  type SessionTimeAnswer,
} from '../lib/session-time.ts'
import { signOutThenOpen } from '../lib/sign-out.ts'
import './contact-dialog.css'

/** A service that does not answer the question is asked again after this long. */
const retryMs = 60_000

/** The login of the area and program shown: where "Sign out" and "Log in again" go. */
export function useAreaLogin(): string {
  const { flavour, program, level1Org } = useProgramSelection()
  return areaLoginWith(flavour, program.code, level1Org)
}

/** The warning dialog; mounted with the verification screens, silent until it is due. */
export function IdleWatch() {
  const t = screenTexts.session
  const loginPath = useAreaLogin()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const textId = useId()
  const [minutesLeft, setMinutesLeft] = useState<number | null>(null)
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
        setMinutesLeft(null)
        return
      }
      if (answer.kind === 'unknown') return askAfter(retryMs)
      sessionState.sawLive()
      const { secondsLeft, warnBeforeSeconds } = answer.time
      const isDue = secondsLeft <= warnBeforeSeconds
      setMinutesLeft(isDue ? Math.max(1, Math.ceil(secondsLeft / 60)) : null)
      // Asked again when the warning is due, or when the time is up (the answer then says
      // whether activity meanwhile moved the end).
      askAfter((isDue ? secondsLeft + 1 : secondsLeft - warnBeforeSeconds) * 1000)
    }
    followRef.current = follow
    void readSessionTime().then(follow)
    return () => window.clearTimeout(timer)
  }, [])

  const isOpen = minutesLeft !== null
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
          {t.warningTitle}
        </h2>
        <p id={textId}>{minutesLeft !== null && t.warning(minutesLeft)}</p>
        <div className="contact-dialog__actions form-actions">
          <button type="button" className="button button--primary" onClick={stay}>
            {t.staySignedIn}
          </button>
          <button type="button" className="button button--secondary" onClick={signOut}>
            {t.signOut}
          </button>
        </div>
      </div>
    </dialog>
  )
}
