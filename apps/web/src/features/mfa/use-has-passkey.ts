// Issue 23: whether verification step 1 offers "Use your passkey": the member has one and
// this browser can use it. Asked once when the screen opens; a failed call reads as none.
import { useEffect, useState } from 'react'
import { hasPasskey, hasWebAuthn } from './passkeys-api.ts'

export function useHasPasskey(): boolean {
  const [has, setHas] = useState(false)
  useEffect(() => {
    if (!hasWebAuthn()) return
    const controller = new AbortController()
    void hasPasskey(controller.signal).then(setHas, () => undefined)
    return () => controller.abort()
  }, [])
  return has
}
