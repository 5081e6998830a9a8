// A visible wait before an action may be repeated (the code screen's "Generate new Code").
import { useEffect, useState } from 'react'

/** Seconds left, and `start(seconds)` to begin a new wait; counts down once a second. */
/** `initialSeconds` is read once, on the first render (a wait already running). */
export function useCooldown(initialSeconds: () => number = () => 0) {
  const [secondsLeft, setSecondsLeft] = useState(() => Math.max(0, Math.ceil(initialSeconds())))
  const isCounting = secondsLeft > 0
  useEffect(() => {
    if (!isCounting) return
    const timer = window.setInterval(() => {
      setSecondsLeft((seconds) => Math.max(seconds - 1, 0))
    }, 1000)
    return () => window.clearInterval(timer)
  }, [isCounting])
  return {
    secondsLeft,
    start: (seconds: number) => setSecondsLeft(Math.max(0, Math.ceil(seconds))),
  }
}
