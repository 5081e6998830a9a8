// Where a code or message goes, and how the service shows that address without giving it away.

/** How the code or message is delivered: to the email address or the mobile number. */
export const deliveryMethods = ['email', 'sms'] as const
export type DeliveryMethod = (typeof deliveryMethods)[number]

/**
 * 'dana.o@example.com' → 'd*****@example.com': enough to recognise, not to read.
 * SECURITY: the service masks before an address leaves it while the address is unproven.
 */
export function maskEmail(email: string | null): string | null {
  if (!email) return null
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`
}

/** '3125550101' or '312-555-0101' → '***-***-0101' */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null
  return `***-***-${phone.replace(/\D/g, '').slice(-4)}`
}
