// The frame every verification screen shares (the shared form frame, in the flavour's
// layout). usweb and pl lay the screens out differently (spec §2 screen 11: "layout is
// chosen by application name").
import { useState, type ComponentProps } from 'react'
import type { Flavour } from '@portal/contract'
import { FormScreen } from '../../components/form-screen.tsx'
import { IdleWatch, useAreaLogin } from '../../components/idle-watch.tsx'
import { screenTexts } from '../../i18n/texts.ts'
import { readSession } from '../../lib/session.ts'
import { useSessionState } from '../../lib/session-time.ts'
import { signOutThenOpen } from '../../lib/sign-out.ts'
import './mfa.css'

/** The session's application name (spec §1), else the area's flavour. */
export function mfaLayoutOf(flavour: Flavour): Flavour {
  return readSession().applicationName ?? flavour
}

type MfaFrameProps = Omit<ComponentProps<typeof FormScreen>, 'className'> & {
  layout: Flavour
  /** Issue 27: warn before the idle limit (not on support, where the sign-in has ended). */
  watchesIdle?: boolean
}

export function MfaFrame({ layout, watchesIdle = true, ...frame }: MfaFrameProps) {
  const session = useSessionState()
  const className = `mfa mfa--${layout}`
  if (watchesIdle && session === 'ended') return <SessionEnded className={className} />
  return (
    <>
      <FormScreen className={className} {...frame} />
      {watchesIdle && <IdleWatch />}
    </>
  )
}

const noItems: readonly string[] = []

/** Issue 27: an ended sign-in says so, with one way on; not "technical difficulties". */
function SessionEnded({ className }: { className: string }) {
  const t = screenTexts.session
  const loginPath = useAreaLogin()
  const [isLeaving, setLeaving] = useState(false)
  const logInAgain = () => {
    if (isLeaving) return
    setLeaving(true)
    void signOutThenOpen(loginPath)
  }
  return (
    <FormScreen
      id="session-ended"
      className={className}
      title={t.endedTitle}
      bannerItems={noItems}
      isBusy={isLeaving}
    >
      <p>{t.ended}</p>
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={logInAgain}>
          {t.logInAgain}
        </button>
      </div>
    </FormScreen>
  )
}
