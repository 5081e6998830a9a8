// The rest of the texts in es-US (texts.ts `loadAllTexts`): every flow past the login page, a
// chunk of its own, fetched when the member starts using the page.
import { registration } from '@portal/contract/texts/es-US/registration'
import { recovery } from '@portal/contract/texts/es-US/recovery'
import { mfa } from '@portal/contract/texts/es-US/mfa'
import { passkeys } from '@portal/contract/texts/es-US/passkeys'
import { support } from '@portal/contract/texts/es-US/support'
import { tempPassword } from '@portal/contract/texts/es-US/temp-password'
import { password } from '@portal/contract/texts/es-US/password'
import { validation } from '@portal/contract/texts/es-US/validation'
import { session } from '@portal/contract/texts/es-US/session'
import { account } from '@portal/contract/texts/es-US/account'
import { service } from '@portal/contract/texts/es-US/service'
import { throttle } from '@portal/contract/texts/es-US/throttle'
import type { RestTexts } from './shape.ts'

export const rest: RestTexts = {
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
}
