import { useState, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { endSession } from './temp-password-api.ts'

/**
 * Return to Login from the password screens: the service session ends first, then the login
 * screen opens. Waiting for the logout keeps its answer (which clears the session cookie)
 * from arriving after the next login. A click that opens a new tab is left to the browser.
 */
export function useReturnToLogin(loginPath: string) {
  const navigate = useNavigate()
  const [isLeaving, setLeaving] = useState(false)

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const opensElsewhere =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (opensElsewhere) return
    event.preventDefault()
    if (isLeaving) return
    setLeaving(true)
    void endSession().then(() => navigate(loginPath))
  }

  return { onClick, isLeaving }
}
