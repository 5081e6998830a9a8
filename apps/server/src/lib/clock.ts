// The one source of time (docs/decisions/0012-one-clock.md). Every timestamp the service
// writes or compares comes from a Clock: no column defaults, no SQL now().
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface CalibratedClock extends Clock {
  /** Measures the host's offset from the database's clock again. */
  calibrate(): Promise<void>
  stop(): void
}

/**
 * The host's clock corrected to the database server's. Instances on different hosts, or on a
 * VM whose clock drifts, then write and compare times on the one timeline the database keeps.
 * The offset is measured at start and every `recalibrateMs` (0: once, for a short command); a
 * failed measurement keeps the last offset, so a database blip never moves time.
 */
export async function databaseClock(
  readDatabaseTime: () => Promise<Date>,
  { recalibrateMs = 10 * 60_000, hostNow = () => Date.now() } = {},
): Promise<CalibratedClock> {
  let offsetMs = 0
  const calibrate = async () => {
    const sentAt = hostNow()
    const databaseNow = (await readDatabaseTime()).getTime()
    const receivedAt = hostNow()
    // The database read its clock about halfway through the round trip.
    offsetMs = databaseNow - (sentAt + receivedAt) / 2
  }
  await calibrate()
  const timer =
    recalibrateMs > 0
      ? setInterval(() => void calibrate().catch(() => undefined), recalibrateMs).unref()
      : undefined
  return {
    now: () => new Date(hostNow() + offsetMs),
    calibrate,
    stop: () => clearInterval(timer),
  }
}
