// Review problem 14: the desk works in its own time zone, not UTC. Every time the console
// shows goes through this one function, in the zone the service is configured with
// (SUPPORT_TIME_ZONE), and names the zone: "Nov 24, 2026, 10:06 AM CST".

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    })
    formats.set(timeZone, format)
  }
  return format
}

/** An instant (ISO 8601) as the desk reads it, or '–' when there is none. */
export function formatConsoleTime(iso: string | null, timeZone: string): string {
  if (!iso) return '–'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '–'
  // Newer ICU writes a narrow no-break space before AM/PM: one plain space reads (and copies)
  // the same everywhere.
  return formatIn(timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ')
}
