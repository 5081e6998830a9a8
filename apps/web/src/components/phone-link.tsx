import { formatProgramPhone, telHref, type ProgramCode } from '@portal/contract'

/** The program's customer-service number, written the way the program writes it (spec §9). */
export function PhoneLink({ program, phone }: { program: ProgramCode; phone: string }) {
  return (
    <a className="phone-link" href={telHref(phone)}>
      {formatProgramPhone(program, phone)}
    </a>
  )
}
