// Spec §2 screen 8: send-username and reset-password confirm what was sent.
import { t } from '../../i18n/texts.ts'
import { DonePanel } from '../../components/done-panel.tsx'
import type { RecoveryKind } from './recovery-input.ts'
import { sentTextsOf } from './recovery-texts.ts'

export function RecoverySentPanel({ kind, loginPath }: { kind: RecoveryKind; loginPath: string }) {
  const texts = sentTextsOf(kind)
  return (
    <DonePanel
      id={`sent-${kind}`}
      title={texts.title}
      paragraphs={[texts.message, t.recovery.mayTakeMinutes]}
      loginPath={loginPath}
      returnLabel={t.recovery.returnToLogin}
    />
  )
}
