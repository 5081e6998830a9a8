// The key an abuse limit counts by (plugins/rate-limits.ts, delivery/message-caps.ts).
/**
 * The form of a target that formatting cannot change: an email lower-cased and trimmed, a
 * phone number's digits (a leading 1 of an 11-digit North American number dropped),
 * anything else trimmed and lower-cased.
 */
export function normaliseTarget(value: string): string {
  const trimmed = value.trim().toLowerCase()
  if (/^[\d\s().+-]+$/.test(trimmed) && /\d/.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '')
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  }
  return trimmed
}
