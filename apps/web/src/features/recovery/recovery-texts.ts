// Headings and labels of the recovery screens (spec §2 screens 5-8). The messages and the
// confirmation texts come from the contract's catalogue.
import { messages, screenTexts, type DeliveryMethod, type Program } from '@portal/contract'
import type { RecoveryKind, RecoveryOption } from './recovery-input.ts'

export const recoveryTexts = {
  titleOf: {
    username: 'Forgot Username',
    password: 'Forgot Password',
  } satisfies Record<RecoveryKind, string>,
  introOf: {
    username:
      'Choose a recovery option and enter the matching information to receive your username.',
    password:
      'Choose a recovery option and enter the matching information to receive a temporary password.',
  } satisfies Record<RecoveryKind, string>,
  optionsLegend: 'Recovery option',
  valueLabelUnchosen: 'Contact Information',
  forgotUsernameLink: 'Forgot username?',
  deliveryIntroOf: {
    username: 'Choose where we should send your username.',
    password: 'Choose where we should send your temporary password.',
  } satisfies Record<RecoveryKind, string>,
  deliveryLegend: 'Delivery method',
  returnToLogin: 'Return to Login',
  submit: 'Submit',
} as const

/** The option's radio label (spec §2 screens 5-6: Email, Mobile, Account/Agent Number, Username). */
export function optionLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return 'Email'
    case 'mobile':
      return 'Mobile'
    case 'customerNumber':
      return program.accountLabel
    case 'username':
      return 'Username'
  }
}

/** The value field's label once an option is chosen. */
export function valueLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return 'Email Address'
    case 'mobile':
      return 'Mobile Number'
    case 'customerNumber':
      return program.accountLabel
    case 'username':
      return 'Username'
  }
}

/** Spec §2 screen 7: "email or text message showing the masked contact". */
export function deliveryLabelOf(method: DeliveryMethod, masked: string): string {
  return method === 'email' ? `Email: ${masked}` : `Text message: ${masked}`
}

/** Spec §2 screen 8: the confirmation of each recovery. */
export const sentTextsOf = {
  username: {
    title: screenTexts.recovery.usernameSentTitle,
    message: messages.recovery.usernameSent,
  },
  password: {
    title: screenTexts.recovery.temporaryPasswordSentTitle,
    message: messages.recovery.temporaryPasswordSent,
  },
} as const satisfies Record<RecoveryKind, { title: string; message: string }>
