// Headings and labels of the recovery screens (spec §2 screens 5-8): every text comes from
// the contract's catalogue; the option labels follow the program's account label.
import { type DeliveryMethod, type Program } from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import type { RecoveryKind, RecoveryOption } from './recovery-input.ts'

/** The option's radio label (spec §2 screens 5-6: Email, Mobile, Account/Agent Number, Username). */
export function optionLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return t.recovery.email
    case 'mobile':
      return t.recovery.mobile
    case 'customerNumber':
      return t.screens.accountLabels[program.accountLabel]
    case 'username':
      return t.recovery.username
  }
}

/** The value field's label once an option is chosen. */
export function valueLabelOf(option: RecoveryOption, program: Program): string {
  switch (option) {
    case 'email':
      return t.recovery.emailAddress
    case 'mobile':
      return t.recovery.mobileNumber
    case 'customerNumber':
      return t.screens.accountLabels[program.accountLabel]
    case 'username':
      return t.recovery.username
  }
}

/** Spec §2 screen 7: "email or text message showing the masked contact". */
export function deliveryLabelOf(method: DeliveryMethod): string {
  return method === 'email' ? t.recovery.email : t.recovery.textMessage
}

/** Spec §2 screen 8: the confirmation of each recovery. */
export function sentTextsOf(kind: RecoveryKind): { title: string; message: string } {
  return kind === 'username'
    ? { title: t.recovery.usernameSentTitle, message: t.recovery.usernameSent }
    : {
        title: t.recovery.temporaryPasswordSentTitle,
        message: t.recovery.temporaryPasswordSent,
      }
}
