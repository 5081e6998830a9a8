// Spec §2 screen 8: send-username and reset-password confirm what was sent.
import { Link } from 'react-router'
import { screenTexts } from '@portal/contract'
import { useFocusOnMount } from '../../lib/page.ts'
import type { RecoveryKind } from './recovery-input.ts'
import { recoveryTexts as t, sentTextsOf } from './recovery-texts.ts'
import './recovery.css'

export function RecoverySentPanel({ kind, loginPath }: { kind: RecoveryKind; loginPath: string }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const texts = sentTextsOf[kind]
  const headingId = `sent-${kind}-heading`
  return (
    <div className="recovery">
      <section className="card recovery__done" aria-labelledby={headingId}>
        <h1 id={headingId} className="card__title" ref={headingRef} tabIndex={-1}>
          {texts.title}
        </h1>
        <p className="recovery__message">{texts.message}</p>
        <p className="recovery__message">{screenTexts.recovery.mayTakeMinutes}</p>
        <Link className="button button--primary" to={loginPath}>
          {t.returnToLogin}
        </Link>
      </section>
    </div>
  )
}
