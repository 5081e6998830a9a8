// The modules of every screen but the login page's (app/router.tsx), in a chunk of their own
// that loads with the rest of the texts (issue 45). Vite writes beside each lazy import the
// list of the files it needs, so that they are fetched at once on the first visit; written in
// the route table, the lists were in the entry, 1 KB brotli of the login page for screens it
// never shows. Here they load only when the member starts using the page.
import type { ComponentType } from 'react'

export const screenModules = {
  updateTempPassword: () => import('../routes/update-temp-password.tsx'),
  updateTempPasswordSuccess: () => import('../routes/update-temp-password-success.tsx'),
  registerStep1: () => import('../routes/register-step1.tsx'),
  registerStep2: () => import('../routes/register-step2.tsx'),
  registerStep3: () => import('../routes/register-step3.tsx'),
  forgotUsername: () => import('../routes/forgot-username.tsx'),
  forgotPassword: () => import('../routes/forgot-password.tsx'),
  sendUsername: () => import('../routes/send-username.tsx'),
  resetPassword: () => import('../routes/reset-password.tsx'),
  forgotUsername2: () => import('../routes/forgot-username2.tsx'),
  forgotPassword2: () => import('../routes/forgot-password2.tsx'),
  register2: () => import('../routes/register2.tsx'),
  confirmVerificationInfo: () => import('../routes/confirm-verification-info.tsx'),
  verificationInfoStep1: () => import('../routes/verification-info-step1.tsx'),
  verificationInfoStep2: () => import('../routes/verification-info-step2.tsx'),
  verificationInfoStep3: () => import('../routes/verification-info-step3.tsx'),
  updateInformation: () => import('../routes/update-information.tsx'),
  support: () => import('../routes/support.tsx'),
  createPasskey: () => import('../routes/create-passkey.tsx'),
  console: () => import('../console/console-app.tsx'),
} satisfies Record<string, () => Promise<{ Component: ComponentType }>>

/**
 * The login screen's own lazy parts (features/login/login-screen.tsx), here for the same reason
 * (issue 45: the lists of their files were 0.2 KB brotli of the login page): its form's rules
 * with the schema library, for the form's first check, and its steps and calls, on submit.
 * By then the member has used the page, so this chunk has come; else it comes first.
 */
export const loginParts = {
  formResolver: () =>
    Promise.all([
      import('../lib/forms/form-schemas.ts'),
      import('../features/login/login-form.ts'),
    ]).then(([{ formResolver }, { loginFormSchema }]) => formResolver(loginFormSchema())),
  submit: () => import('../features/login/login-submit.ts'),
}

export type ScreenModules = typeof screenModules
export type ScreenName = keyof ScreenModules
