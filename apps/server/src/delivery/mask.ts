/** 'dana.o@example.com' → 'd*****@example.com': enough to recognise, not to read. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`
}

/** '3125550101' → '***-***-0101' */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null
  return `***-***-${phone.replace(/\D/g, '').slice(-4)}`
}
