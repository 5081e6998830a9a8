import { createContext, useContext } from 'react'
import type { ConsoleStaff } from '@portal/contract/console'

export interface ConsoleState {
  staff: ConsoleStaff
  /** A call answered 401: the session is over; back to sign-in with a message. */
  sessionEnded(): void
}

export const ConsoleContext = createContext<ConsoleState | null>(null)

export function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext)
  if (!state) throw new Error('useConsole outside the signed-in console')
  return state
}
