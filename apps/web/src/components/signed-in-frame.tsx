// Issue 27 (problem 2, WCAG 2.2.1): every screen that holds a signed-in session (the
// verification and contact screens, the passkey offer, updatetemppassword) warns before the
// idle limit and, once the service has said the sign-in ended, shows that instead of the
// screen: its own message and "Log in again", not the technical-difficulties text.
import { useState, type ComponentProps } from 'react'
import { withLoginUsername } from '../config/paths.ts'
import { t } from '../i18n/texts.ts'
import { useDocumentTitle } from '../lib/visit/page.ts'
import { useProgramSelection } from '../lib/visit/program-selection.ts'
import { readSession } from '../lib/visit/session.ts'
import { useSessionState } from '../lib/visit/session-time.ts'
import { signOutThenOpen } from '../lib/sign-in/sign-out.ts'
import { FormScreen } from './form-screen.tsx'
import { IdleWatch, useAreaLogin } from './idle-watch.tsx'

export type SignedInFrameProps = ComponentProps<typeof FormScreen> & {
  /** Warn before the idle limit (not on support, where the sign-in has ended). */
  watchesIdle?: boolean
}

export function SignedInFrame({ watchesIdle = true, ...frame }: SignedInFrameProps) {
  const session = useSessionState()
  if (watchesIdle && session === 'ended') return <SessionEnded className={frame.className} />
  return (
    <>
      <FormScreen {...frame} />
      {watchesIdle && <IdleWatch />}
    </>
  )
}

const noItems: readonly string[] = []

/**
 * An ended sign-in says so (in the tab's title too), with one way on: the login with the
 * username filled in (issue 43, item 9; `cname`, as after a password change), never the
 * password.
 */
function SessionEnded({ className }: { className: string | undefined }) {
  const loginPath = useAreaLogin()
  const { program } = useProgramSelection()
  useDocumentTitle(t.session.endedTitle, program.displayName)
  const [isLeaving, setLeaving] = useState(false)
  const logInAgain = () => {
    if (isLeaving) return
    setLeaving(true)
    void signOutThenOpen(withLoginUsername(loginPath, readSession().username))
  }
  return (
    <FormScreen
      id="session-ended"
      className={className}
      title={t.session.endedTitle}
      bannerItems={noItems}
      isBusy={isLeaving}
    >
      <p>{t.session.ended}</p>
      <div className="form-actions">
        <button type="button" className="button button--primary" onClick={logInAgain}>
          {t.session.logInAgain}
        </button>
      </div>
    </FormScreen>
  )
}
