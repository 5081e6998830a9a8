import { describe, expect, it } from 'vitest'
import { databaseClock } from './clock.ts'

describe('databaseClock', () => {
  const day = 86_400_000

  it('follows the database when the host runs ahead or behind', async () => {
    let host = 1_000_000
    const database = host - 400 * day
    const clock = await databaseClock(async () => new Date(database), { hostNow: () => host })
    expect(clock.now().getTime()).toBe(database)
    host += 5_000
    expect(clock.now().getTime()).toBe(database + 5_000)
    clock.stop()
  })

  it('takes the middle of the round trip as the moment the database read its clock', async () => {
    const readings = [0, 100]
    const clock = await databaseClock(async () => new Date(10_050), {
      hostNow: () => readings.shift() ?? 100,
    })
    expect(clock.now().getTime()).toBe(10_100)
    clock.stop()
  })

  it('keeps the last offset when a measurement fails', async () => {
    let fail = false
    const clock = await databaseClock(
      async () => {
        if (fail) throw new Error('database away')
        return new Date(30 * day)
      },
      { hostNow: () => 0 },
    )
    fail = true
    await expect(clock.calibrate()).rejects.toThrow('database away')
    expect(clock.now().getTime()).toBe(30 * day)
    clock.stop()
  })
})
