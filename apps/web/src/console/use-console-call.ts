import { useCallback, useEffect, useState } from 'react'
import type { Answer } from './console-api.ts'
import { useConsole } from './console-context.ts'

/**
 * Loads what a console screen shows, again on reload(); a 401 ends the console session.
 * `call` must be stable (useCallback) so that it runs once per change of its inputs.
 */
export function useConsoleCall<T>(call: () => Promise<Answer<T>>) {
  const { sessionEnded } = useConsole()
  const [data, setData] = useState<T | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let isCurrent = true
    void call().then((answer) => {
      if (!isCurrent) return
      if (answer.ok) {
        setData(answer.data)
        setProblem(null)
      } else if (answer.status === 401) sessionEnded()
      else setProblem(answer.message)
    })
    return () => {
      isCurrent = false
    }
  }, [call, version, sessionEnded])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data, problem, setProblem, reload }
}
