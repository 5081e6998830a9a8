// Not in the spec (issue 14, docs/decisions/0009): the answers of the abuse limits (the sign-in's is in login.ts).
// English (en-US), the source: each key has its Spanish in ../es-US/throttle.ts.

export const throttle = {
  waitForNewCode: (seconds: number) =>
    `Please wait ${seconds} seconds before asking for a new code.`,
  tooManyMessages:
    'Too many messages have been sent for this account. Please try again later or call customer service.',
  textsNotAvailable:
    'Text messages cannot be sent to this number. Please choose email, or call customer service.',
} as const
