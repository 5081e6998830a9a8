// The support screen after a lock (spec §2).
// English (en-US), the source: each key has its Spanish in ../es-US/support.ts.

export const support = {
  title: 'Customer Support',
  callUs: (phone: string) =>
    `Please call customer support at ${phone} and provide the incident ticket number below.`,
  plHours: 'Our call centre is open 7:30am-5pm CST, Monday-Friday.',
  ticketLabel: 'Incident ticket number',
  // Issue 27 (not in the spec): plain lines beside the spec's text.
  paused: (tries: number) =>
    `To protect your account, we have paused sign-in after ${tries} incorrect codes.`,
  uswebHours: 'Our customer service center is open Monday-Friday, 8am-5pm CT.',
  copy: 'Copy',
  copyLabel: 'Copy the incident ticket number',
  copied: 'Ticket number copied.',
  resetNow: 'Reset your password now',
  resetNowHint: 'Resetting your password unlocks your account.',
} as const
