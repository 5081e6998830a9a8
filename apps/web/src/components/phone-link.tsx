import { formatProgramPhone, type ProgramCode } from '@portal/contract'

/** `tel:` address for a US number as the service sends it ('8005550100', '1-800-…'). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return `tel:${digits}`
}

/** The program's customer-service number, written the way the program writes it (spec §9). */
export function PhoneLink({ program, phone }: { program: ProgramCode; phone: string }) {
  return (
    <a className="phone-link" href={telHref(phone)}>
      {formatProgramPhone(program, phone)}
    </a>
  )
}
