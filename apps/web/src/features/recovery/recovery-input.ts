// Spec §2 screens 5-7 and §5 "Recovery": what the user may choose on the first recovery
// page, how the typed value is judged, and which call it leads to. Pure functions only.
import { limits, type DeliveryMethod, type Program, type RecoveryMode } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import {
  customerNumberOf,
  digitsOf,
  isAgentNumberProgram,
} from '../../lib/forms/customer-number.ts'
import {
  customerNumberField,
  emailField,
  mobileField,
  problemOf,
} from '../../lib/forms/form-schemas.ts'

/** Which recovery: the username (screen 5) or a temporary password (screen 6). */
export type RecoveryKind = 'username' | 'password'

/** The first page's options; `customerNumber` is the program's Account or Agent Number. */
export type RecoveryOption = 'email' | 'mobile' | 'customerNumber' | 'username'

export const recoveryOptionsOf: Record<RecoveryKind, readonly RecoveryOption[]> = {
  username: ['email', 'mobile', 'customerNumber'],
  password: ['email', 'mobile', 'customerNumber', 'username'],
}

export function isRecoveryOption(kind: RecoveryKind, value: string): value is RecoveryOption {
  return (recoveryOptionsOf[kind] as readonly string[]).includes(value)
}

// Spec §5: the forgot-password username has no whitespace and 6-50 characters (one place
// reads 8-50; the username rule everywhere else is 6-50, so an existing one is never refused).
const recoveryUsernamePattern = new RegExp(`^\\S{${limits.usernameMin},${limits.usernameMax}}$`)

/** The value field's message for the chosen option, or undefined when it may be sent. */
export function recoveryValueProblem(
  option: RecoveryOption,
  value: string,
  program: Program,
): string | undefined {
  switch (option) {
    case 'email':
      return problemOf(emailField(), value)
    case 'mobile':
      return problemOf(mobileField(), value)
    case 'customerNumber':
      return problemOf(customerNumberField(program), value)
    case 'username':
      if (value.length === 0) return t.login.usernameRequired
      return recoveryUsernamePattern.test(value) ? undefined : t.validation.usernamePattern
  }
}

/** Spec §5: "a method and a value must both be chosen". */
export function isChoiceMissing(option: string, value: string): boolean {
  return option === '' || value.trim() === ''
}

/** The second page is reached by a customer number or a username (spec §2 screen 7). */
export type RecoveryKey =
  { by: 'customerNumber'; custNum: string } | { by: 'username'; username: string }

export type RecoveryPlan =
  /** Email or mobile: sent directly (spec §4 "email or phone goes direct"). */
  | { kind: 'send'; deliveryMethod: DeliveryMethod; emailAddress?: string; phoneNumber?: string }
  /** Account number or username: the contacts are fetched first, then the delivery choice. */
  | { kind: 'lookup'; key: RecoveryKey }

export function recoveryPlanOf(
  option: RecoveryOption,
  value: string,
  program: Program,
): RecoveryPlan {
  switch (option) {
    case 'email':
      return { kind: 'send', deliveryMethod: 'email', emailAddress: value.trim() }
    case 'mobile':
      return { kind: 'send', deliveryMethod: 'sms', phoneNumber: digitsOf(value) }
    case 'customerNumber':
      return {
        kind: 'lookup',
        key: { by: 'customerNumber', custNum: customerNumberOf(program, value) },
      }
    case 'username':
      return { kind: 'lookup', key: { by: 'username', username: value } }
  }
}

/** The step 2 address's query: `?custNum=…` or `?username=…` (spec §2). */
export function deliveryStepSearchOf(key: RecoveryKey): string {
  const query =
    key.by === 'customerNumber'
      ? new URLSearchParams({ custNum: key.custNum })
      : new URLSearchParams({ username: key.username })
  return `?${query.toString()}`
}

// The same bounds the service's schemas set, so that a hand-edited address is refused here.
const custNumPattern = /^[A-Za-z0-9]{1,13}$/
const usernamePattern = new RegExp(`^\\S{1,${limits.usernameMax}}$`)

/**
 * The key in a step 2 address, or null when it has none usable. The username step 2 reads
 * only custNum; the password step 2 reads custNum or username.
 */
export function recoveryKeyOf(kind: RecoveryKind, search: URLSearchParams): RecoveryKey | null {
  const custNum = search.get('custNum')
  if (custNum !== null)
    return custNumPattern.test(custNum) ? { by: 'customerNumber', custNum } : null
  const username = search.get('username')
  if (kind === 'password' && username !== null && usernamePattern.test(username)) {
    return { by: 'username', username }
  }
  return null
}

/** sendOTPToContactInfo's first-page mode for a step 2 key. */
export function firstPageModeOf(key: RecoveryKey, program: Program): RecoveryMode {
  if (key.by === 'username') return 'username'
  return isAgentNumberProgram(program) ? 'agentNumber' : 'accountNumber'
}

export function firstPageValueOf(key: RecoveryKey): string {
  return key.by === 'username' ? key.username : key.custNum
}
