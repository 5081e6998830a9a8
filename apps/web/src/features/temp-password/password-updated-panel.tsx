// Spec §2 screen 16: the password was updated; the user logs in again with it. The heading
// says what happened (the form's heading, 'Password update', is screen 15's).
import { t } from '../../i18n/texts.ts'
import { DonePanel } from '../../components/done-panel.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useReturnToLogin } from './use-return-to-login.ts'

export function PasswordUpdatedPanel({ loginPath }: { loginPath: string }) {
  const returnToLogin = useReturnToLogin(loginPath)
  return (
    <>
      <DonePanel
        id="password-updated"
        title={t.screens.pageTitles.passwordUpdated}
        paragraphs={[t.tempPassword.updated]}
        loginPath={loginPath}
        onReturn={returnToLogin.onClick}
      />
      <Spinner active={returnToLogin.isLeaving} />
    </>
  )
}
