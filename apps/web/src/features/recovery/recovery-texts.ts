// Headings and labels of the recovery screens (spec §2 screens 5-8): every text comes from
// the contract's catalogue; the option labels follow the program's account label.
import { messages, screenTexts, type DeliveryMethod, type Program } from '@portal/contract'
import type { RecoveryKind, RecoveryOption } from './recovery-input.ts'

export const recoveryTexts = screenTexts.recovery satisfies {
  titleOf: Record<RecoveryKind, string>
  introOf: Record<RecoveryKind, string>
  deliveryIntroOf: Record<RecoveryKind, string>
}

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
export function deliveryLabelOf(method: DeliveryMethod): string {
  return method === 'email' ? 'Email' : 'Text message'
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
