// Every flow past the login page, in English: the portal loads them as one chunk once the
// login page is up (apps/web/src/i18n/catalogue-en.ts); index.ts adds the login page's flows
// and the emails.
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

export const pastLogin = {
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
} as const
