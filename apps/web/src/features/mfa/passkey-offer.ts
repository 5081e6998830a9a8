// Issue 23: the passkey offer after a code is made at most once per device in 30 days. What
// is remembered is the date of the answer ("Not now" or a passkey made): not a secret.
import { useEffect, useState } from 'react'
import { hasPlatformPasskeys } from './passkeys-api.ts'

const key = 'passkeyOfferAnsweredAt'
export const offerQuietDays = 30

function answeredAt(): number {
  try {
    return Number(window.localStorage.getItem(key) ?? 0) || 0
  } catch {
    return 0
  }
}

/** The offer was answered on this device: it is not made again for 30 days. */
export function rememberOfferAnswered(now = Date.now()): void {
  try {
    window.localStorage.setItem(key, String(now))
  } catch {
    // Storage unavailable: the offer may come again; nothing else depends on it.
  }
}

/** Whether to offer a passkey now: not answered lately, and this device can make one. */
export async function isPasskeyOfferDue(now = Date.now()): Promise<boolean> {
  if (now - answeredAt() < offerQuietDays * 86_400_000) return false
  return hasPlatformPasskeys()
}

/** Whether the offer is due on this device, found out once when the screen opens. */
export function usePasskeyOfferDue(): boolean {
  const [isDue, setDue] = useState(false)
  useEffect(() => {
    let isCurrent = true
    void isPasskeyOfferDue().then((due) => {
      if (isCurrent) setDue(due)
    })
    return () => {
      isCurrent = false
    }
  }, [])
  return isDue
}
