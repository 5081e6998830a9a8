// The data a verification screen shows before the user acts: the current details (to
// prefill or to mask) and the country list. Loaded once per visit of the screen.
import { useEffect, useState } from 'react'
import { defaultCountry, type Country, type MfaDetails } from '@portal/contract'
import { getCountries, getDetails } from './mfa-api.ts'

export type MfaData =
  | { status: 'loading' }
  | { status: 'ready'; details: MfaDetails | null; countries: Country[] }
  /** The details could not be had (401 after the session ended, 5xx, no answer). */
  | { status: 'failed'; countries: Country[] }

interface Wanted {
  details: boolean
  countries: boolean
}

export function useMfaData({ details: wantsDetails, countries: wantsCountries }: Wanted): MfaData {
  const [data, setData] = useState<MfaData>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    void Promise.all([
      wantsCountries ? getCountries(signal) : Promise.resolve([defaultCountry]),
      wantsDetails ? getDetails(signal) : Promise.resolve(null),
    ]).then(([countries, answer]) => {
      if (signal.aborted) return
      if (answer?.kind === 'failed') return setData({ status: 'failed', countries })
      setData({ status: 'ready', details: answer?.details ?? null, countries })
    })
    return () => controller.abort()
  }, [wantsDetails, wantsCountries])
  return data
}
