// Issue 23: whether a verification screen offers "Use your passkey": the member has one, a
// factor is owed (the service says; issue 43) and this browser can use it. Asked once when the screen opens; a failed call reads as none.
import { useEffect, useState } from 'react'
import { hasPasskey, hasWebAuthn } from './passkeys-api.ts'

export function useHasPasskey(isAsked = true): boolean {
  const [has, setHas] = useState(false)
  useEffect(() => {
    if (!isAsked || !hasWebAuthn()) return
    const controller = new AbortController()
    void hasPasskey(controller.signal).then(setHas, () => undefined)
    return () => controller.abort()
  }, [isAsked])
  return has
}
