// What every message is sent with (templates.ts): the brand that signs it (the program's
// name and customer-service number, in the member's language). The values the texts are
// written from (the sign-in's moment, the reading line) are the contract's
// (packages/contract/src/texts/email-values.ts).
import {
  flavours,
  formatProgramPhone,
  findProgram,
  programOf,
  sourceLocale,
  type DeliveryMethod,
  type EmailBrand,
  type Locale,
  type ProgramCode,
} from '@portal/contract'

/** The outbox's channel is the delivery method the customer chose. */
export type Channel = DeliveryMethod

export interface Message {
  template: string
  subject: string
  email: string
  sms: string
  /** Not worth sending after this long (a code past its lifetime); absent = no limit. */
  validForMs?: number
}

export interface Brand extends EmailBrand {
  /** The language the message is written in: the member's (issue 24); English when absent. */
  locale?: Locale
}

export function brandOf(
  program: string,
  phone: string | undefined,
  locale: Locale = sourceLocale,
): Brand {
  const code: ProgramCode = findProgram(program)?.code ?? flavours.usweb.defaultProgram
  return {
    name: programOf(code).displayName,
    phone: phone ? formatProgramPhone(code, phone) : null,
    locale,
  }
}
