// One picture of an email address on every delivery screen (issue 27): the verification
// screens and the recovery's delivery choice show the same short mask.

/**
 * 'dana.o@example.com', or the service's 'd*****@example.com' → 'd***@example.com': a fixed
 * three stars so that it fits a line. Deliberately not the contract's `maskEmail` (one star
 * per hidden letter), which the other screens show.
 */
export function shortMaskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email.slice(0, 1)}***${email.slice(at)}`
}
