// Spec §2 screen 4: registration is complete; the user logs in with the new account. The
// router hides the footer and background image; this screen has no spinner.
import { screenTexts } from '../../i18n/texts.ts'
import { DonePanel } from '../../components/done-panel.tsx'
import { registrationTexts as t } from './registration-texts.ts'

export function WelcomePanel({ loginPath }: { loginPath: string }) {
  return (
    <DonePanel
      id="register-welcome"
      title={screenTexts.registration.welcomeTitle}
      paragraphs={[screenTexts.registration.welcome]}
      loginPath={loginPath}
      returnLabel={t.returnToLogin}
    />
  )
}
