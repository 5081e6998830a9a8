// Every flow past the login page, in Spanish, as the English (../en-US/past-login.ts).
import type { Texts } from '../texts.ts'
import { registration } from './registration.ts'
import { recovery } from './recovery.ts'
import { mfa } from './mfa.ts'
import { passkeys } from './passkeys.ts'
import { support } from './support.ts'
import { tempPassword } from './temp-password.ts'
import { password } from './password.ts'
import { validation } from './validation.ts'
import { session } from './session.ts'
import { account } from './account.ts'
import { service } from './service.ts'
import { throttle } from './throttle.ts'
import { screens } from './screens.ts'

export const pastLogin: Omit<Texts, 'login' | 'frame' | 'emails' | 'pageShell'> = {
  registration,
  recovery,
  mfa,
  passkeys,
  support,
  tempPassword,
  password,
  validation,
  session,
  account,
  service,
  throttle,
  screens,
}
