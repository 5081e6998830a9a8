// Rules of addresses that the service's page shell and the portal both apply, written once:
// a phone number's tel: address, the program a login address names, and which configured
// links are safe to put in a page.
import { flavours } from './flavours.ts'
import { programFromAddress, programOf, type Flavour, type ProgramCode } from './programs.ts'

/** `tel:` address of a US number as the service keeps it ('8005550100', '1-800-…'). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return `tel:${digits}`
}

/** The flavour whose area an address is in (spec §2): pl's first path segment, else usweb. */
export function flavourOfAddress(pathname: string): Flavour {
  const first = pathname.split('/')[1]?.toLowerCase()
  return first === flavours.pl.area ? 'pl' : 'usweb'
}

/**
 * The program a login address names (spec §1): pl's in the pl area; in usweb's, a usweb
 * program by `prgName` or by the path; undefined when it names none (the portal may then show
 * a program remembered in this browser tab).
 */
export function programOfLoginAddress(pathname: string, search: string): ProgramCode | undefined {
  if (flavourOfAddress(pathname) === 'pl') return flavours.pl.defaultProgram
  const code = programFromAddress(pathname, search)
  return code && programOf(code).flavour === 'usweb' ? code : undefined
}

/**
 * A link that may be configured into a page: a path on this site, or an http(s) address.
 * Never `javascript:` and the like, and never `//host` or `/\host`, which browsers read as
 * another site.
 */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value)
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
