// Spec §2 screen 4: registration is complete; the user logs in with the new account. The
// router hides the footer and background image; this screen has no spinner.
import { t } from '../../i18n/texts.ts'
import { DonePanel } from '../../components/done-panel.tsx'

export function WelcomePanel({ loginPath }: { loginPath: string }) {
  return (
    <DonePanel
      id="register-welcome"
      title={t.registration.welcomeTitle}
      paragraphs={[t.registration.welcome]}
      loginPath={loginPath}
      returnLabel={t.registration.returnToLogin}
    />
  )
}
