// The rest of the texts in en-US (texts.ts `loadAllTexts`): every flow past the login page, a
// chunk of its own, fetched when the member starts using the page.
import { registration } from '@portal/contract/texts/en-US/registration'
import { recovery } from '@portal/contract/texts/en-US/recovery'
import { mfa } from '@portal/contract/texts/en-US/mfa'
import { passkeys } from '@portal/contract/texts/en-US/passkeys'
import { support } from '@portal/contract/texts/en-US/support'
import { tempPassword } from '@portal/contract/texts/en-US/temp-password'
import { password } from '@portal/contract/texts/en-US/password'
import { validation } from '@portal/contract/texts/en-US/validation'
import { session } from '@portal/contract/texts/en-US/session'
import { account } from '@portal/contract/texts/en-US/account'
import { service } from '@portal/contract/texts/en-US/service'
import { throttle } from '@portal/contract/texts/en-US/throttle'
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
