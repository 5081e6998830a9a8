// The portal's texts in English (en-US), the source, filed by flow: one key per text, whoever
// wrote it (the specification, the portal, the service). The key of a text is its flow and its
// name in the flow's file (`login.mismatch`, `frame.header.email`); the service answers
// with these keys (`messageKey`), the portal reads them (`t.login.title`), the emails too.
import { login } from './login.ts'
import { emails } from './emails.ts'
import { frame } from './frame.ts'
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

export const enUS = {
  login,
  frame,
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
  emails,
} as const
