import { describe, expect, it } from 'vitest'
import { formatConsoleTime } from './console-time.ts'

describe('console times (review problem 14)', () => {
  it('shows an instant in the desk’s zone, naming the zone', () => {
    expect(formatConsoleTime('2026-11-24T16:06:46.000Z', 'America/Chicago')).toBe(
      'Nov 24, 2026, 10:06 AM CST',
    )
  })

  it('names summer time as such', () => {
    expect(formatConsoleTime('2026-07-01T15:30:00.000Z', 'America/Chicago')).toBe(
      'Jul 1, 2026, 10:30 AM CDT',
    )
  })

  it('follows the configured zone, across midnight', () => {
    expect(formatConsoleTime('2026-11-24T05:15:00.000Z', 'America/Los_Angeles')).toBe(
      'Nov 23, 2026, 9:15 PM PST',
    )
    expect(formatConsoleTime('2026-11-24T16:06:46.000Z', 'America/Phoenix')).toBe(
      'Nov 24, 2026, 9:06 AM MST',
    )
  })

  it('shows a dash for no time or a broken one', () => {
    expect(formatConsoleTime(null, 'America/Chicago')).toBe('–')
    expect(formatConsoleTime('not a time', 'America/Chicago')).toBe('–')
  })
})
