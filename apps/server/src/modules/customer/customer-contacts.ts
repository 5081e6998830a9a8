// Whether an email address or a phone number is one on the customer record: what
// registration checks the typed details against, and where a new account's first code may
// go (issue 32, H2). The record is the operator's (imported), not the member's.
export interface RecordContacts {
  primaryEmailAddress: string | null
  emailAddr: string | null
  emailaddrcc: string | null
  phone1: string | null
  phone2: string | null
  phone3: string | null
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '')
const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase()

export function isEmailOnRecord(record: RecordContacts, email: string): boolean {
  return [record.primaryEmailAddress, record.emailAddr, record.emailaddrcc].some(
    (e) => e && lower(e) === lower(email),
  )
}

/** Ten digits at least on both sides: '312-555-0100' and '(312) 555 0100' are one number. */
export function isPhoneOnRecord(record: RecordContacts, phone: string): boolean {
  return [record.phone1, record.phone2, record.phone3].some(
    (p) => p && digits(p).length >= 10 && digits(p) === digits(phone),
  )
}
