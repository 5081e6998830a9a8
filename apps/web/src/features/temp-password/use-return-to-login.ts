import { useState, type MouseEvent } from 'react'
import { signOutThenOpen } from '../../lib/sign-in/sign-out.ts'

/**
 * Return to Login from the password screens: the service session ends first, then the login
 * page opens afresh (lib/sign-out.ts). A click that opens a new tab is left to the browser.
 */
export function useReturnToLogin(loginPath: string) {
  const [isLeaving, setLeaving] = useState(false)

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const opensElsewhere =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (opensElsewhere) return
    event.preventDefault()
    if (isLeaving) return
    setLeaving(true)
    void signOutThenOpen(loginPath)
  }

  return { onClick, isLeaving }
}
