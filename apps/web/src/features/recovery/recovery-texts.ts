// Headings and labels of the recovery screens (spec §2 screens 5-8): every text comes from
// the contract's catalogue; the option labels follow the program's account label.
import { type DeliveryMethod, type Program } from '@portal/contract'
import { accountLabelOf, messages, screenTexts } from '../../i18n/texts.ts'
import type { RecoveryKind, RecoveryOption } from './recovery-input.ts'
import { formTexts } from '../../i18n/form-texts.ts'

/** The recovery screens' texts in the active language, read when a screen renders. */
export function recoveryTexts() {
  return screenTexts.recovery satisfies {
    titleOf: Record<RecoveryKind, string>
    introOf: Record<RecoveryKind, string>
    deliveryIntroOf: Record<RecoveryKind, string>
  }
}

/** The option's radio label (spec §2 screens 5-6: Email, Mobile, Account/Agent Number, Username). */
export function optionLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return formTexts().recovery.email
    case 'mobile':
      return formTexts().recovery.mobile
    case 'customerNumber':
      return accountLabelOf(program)
    case 'username':
      return formTexts().recovery.username
  }
}

/** The value field's label once an option is chosen. */
export function valueLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return formTexts().recovery.emailAddress
    case 'mobile':
      return formTexts().recovery.mobileNumber
    case 'customerNumber':
      return accountLabelOf(program)
    case 'username':
      return formTexts().recovery.username
  }
}

/** Spec §2 screen 7: "email or text message showing the masked contact". */
export function deliveryLabelOf(method: DeliveryMethod): string {
  return method === 'email' ? formTexts().recovery.email : formTexts().recovery.textMessage
}

/** Spec §2 screen 8: the confirmation of each recovery. */
export function sentTextsOf(kind: RecoveryKind): { title: string; message: string } {
  return kind === 'username'
    ? { title: screenTexts.recovery.usernameSentTitle, message: messages.recovery.usernameSent }
    : {
        title: screenTexts.recovery.temporaryPasswordSentTitle,
        message: messages.recovery.temporaryPasswordSent,
      }
}
