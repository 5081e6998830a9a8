// The customer-service phone shown in the brand header (spec §1), fetched once per program.
import { useEffect, useState } from 'react'
import { isProgramCode, programOf, type MailingAddress, type ProgramCode } from '@portal/contract'

// One request per program for the whole visit; a failed lookup is retried on the next use.
const cache = new Map<ProgramCode, Promise<string | null>>()

// A login page names its program's number in the page itself (the service's page shell,
// apps/server/src/plugins/page-shell.ts, or the rendered login page's root, plugins/web.ts):
// the header shows it without a call, and the login page's first load has no API client
// (issues 23 and 24's 100 KB). Known at once, the header's first render shows it: the same
// render as the service's (src/prerender.tsx), which the page hydrates (issue 45).
const known = new Map<ProgramCode, string | null>()

/** The number a page names for `code` (none: looked up when shown). */
export function knowProgramPhone(code: ProgramCode, phone: string | undefined): void {
  cache.delete(code)
  known.delete(code)
  if (!phone) return
  known.set(code, phone.trim() || null)
  cache.set(code, Promise.resolve(phone.trim() || null))
}

const shell =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLElement>(
        '#root[data-program][data-phone], .page-shell[data-program][data-phone]',
      )
const shellProgram = shell?.dataset.program
if (shellProgram && isProgramCode(shellProgram))
  knowProgramPhone(shellProgram, shell?.dataset.phone)

async function fetchProgramPhone(code: ProgramCode): Promise<string | null> {
  const { apiClient } = await import('../api/api-client.ts')
  // Spec §7: the lookup knows augustar by its back-office code, onl.
  const service = encodeURIComponent(programOf(code).serviceCode)
  // The header loads with every page, so the answer is read by shape rather than with the
  // contract's schema (which would bring the schema library into every first load).
  const result = await apiClient.get<Partial<MailingAddress> | null>(
    `/api/customer-api/getPOMailingAddress/${service}`,
  )
  const phone = result.kind === 'answered' ? result.json?.PHONE : undefined
  return typeof phone === 'string' ? phone.trim() || null : null
}

export function getProgramPhone(code: ProgramCode): Promise<string | null> {
  let pending = cache.get(code)
  if (!pending) {
    pending = fetchProgramPhone(code).then((phone) => {
      // The header simply shows no number; the next use (a message that says "call the
      // number shown above") asks again.
      if (phone === null) cache.delete(code)
      return phone
    })
    cache.set(code, pending)
  }
  return pending
}

export interface PhoneLookup {
  /** The program's raw PHONE value; null while loading or when the lookup failed. */
  phone: string | null
  /** The lookup has not answered yet (the header keeps the number's place meanwhile). */
  isPending: boolean
}

export function useProgramPhoneLookup(code: ProgramCode): PhoneLookup {
  const [loaded, setLoaded] = useState<{ code: ProgramCode; phone: string | null } | null>(() =>
    known.has(code) ? { code, phone: known.get(code) ?? null } : null,
  )
  useEffect(() => {
    let isCurrent = true
    void getProgramPhone(code).then((phone) => {
      if (isCurrent) setLoaded({ code, phone })
    })
    return () => {
      isCurrent = false
    }
  }, [code])
  const isAnswered = loaded?.code === code
  return { phone: isAnswered ? loaded.phone : null, isPending: !isAnswered }
}

/** The program's raw PHONE value, or null while loading or when the lookup failed. */
export function useProgramPhone(code: ProgramCode): string | null {
  return useProgramPhoneLookup(code).phone
}
