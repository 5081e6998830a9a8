// Headings and labels of the recovery screens (spec §2 screens 5-8): every text comes from
// the contract's catalogue; the option labels follow the program's account label.
import { type DeliveryMethod, type Program } from '@portal/contract'
import { accountLabelOf, messages, screenTexts, webTexts } from '../../i18n/texts.ts'
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
      return webTexts.recovery.email
    case 'mobile':
      return webTexts.recovery.mobile
    case 'customerNumber':
      return accountLabelOf(program)
    case 'username':
      return webTexts.recovery.username
  }
}

/** The value field's label once an option is chosen. */
export function valueLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return webTexts.recovery.emailAddress
    case 'mobile':
      return webTexts.recovery.mobileNumber
    case 'customerNumber':
      return accountLabelOf(program)
    case 'username':
      return webTexts.recovery.username
  }
}

/** Spec §2 screen 7: "email or text message showing the masked contact". */
export function deliveryLabelOf(method: DeliveryMethod): string {
  return method === 'email' ? webTexts.recovery.email : webTexts.recovery.textMessage
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
