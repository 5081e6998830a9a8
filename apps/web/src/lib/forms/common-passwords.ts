// The portal's live check of a new password against the commonest ones (issue 28): a smaller
// list than the service's, in a chunk of its own that the screens setting a password load when
// they open (never the login page). Until it has loaded nothing is called common; the service
// judges every password anyway (docs/decisions/0023).
import { useCallback, useEffect, useState } from 'react'
import {
  CompactPasswordList,
  contextWords,
  isGuessablePassword,
  passwordScore,
} from '@portal/contract'

let list: CompactPasswordList | undefined
let loading: Promise<void> | undefined

/** Loads the list once; later calls share the first. */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('virtual:common-passwords').then(({ default: entries }) => {
    list = CompactPasswordList.of(entries.split('\n'))
  })
  return loading
}

/** Whether `password` is common (in the loaded list) or carries `username`. */
export function isCommonPassword(password: string, username = ''): boolean {
  return list !== undefined && isGuessablePassword(password, list, contextWords({ username }))
}

/** Starts loading the list with the screen; true once it is there (the screen shows again). */
export function useCommonPasswords(): boolean {
  const [isLoaded, setLoaded] = useState(list !== undefined)
  useEffect(() => {
    let isCurrent = true
    loadCommonPasswords()
      .then(() => isCurrent && setLoaded(true))
      // Not loaded (offline): the service still refuses a common password on submit.
      .catch(() => undefined)
    return () => {
      isCurrent = false
    }
  }, [])
  return isLoaded
}

/**
 * Whether the password as typed is too easy to guess, one answer for the checklist, the
 * strength meter and the submit (issue 43: the meter said "Strong" beside the refusal). Judged
 * once the five rules are met (a password short of them reads as weak already): common in the
 * loaded list or carrying the username, or refused as such by the service, whose list is longer
 * and whose context wider (`noteRefused`, with the password the service refused).
 */
export function useGuessable(
  password: string,
  username: string,
): { isGuessable: boolean; noteRefused: (password: string) => void } {
  const isLoaded = useCommonPasswords()
  // Held in memory for this screen only, as the form holds the password itself.
  const [refused, setRefused] = useState<readonly string[]>([])
  const noteRefused = useCallback(
    (given: string) =>
      setRefused((before) => (before.includes(given) ? before : [...before, given])),
    [],
  )
  const isGuessable =
    passwordScore(password) === 5 &&
    (refused.includes(password) || (isLoaded && isCommonPassword(password, username)))
  return { isGuessable, noteRefused }
}
