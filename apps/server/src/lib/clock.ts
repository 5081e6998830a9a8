/** The service's notion of now; tests pass one they control. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
