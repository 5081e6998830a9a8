// What a login needs once the member submits, in one module that the login screen loads
// then: the steps (login-flow.ts), the calls with their answer schemas (login-api.ts), and
// where the second factor goes next. The page shows and checks the form without them.
export { loginCalls } from './login-api.ts'
export { logIn } from './login-flow.ts'
export { mfaScreenPath, supportScreenState } from '../../lib/sign-in/mfa-next-step.ts'
