// Answers of the calls spec §7 lists without payloads (docs/decisions/0008): not spec texts.
// English (en-US), the source: each key has its Spanish in ../es-US/account.ts.

export const account = {
  securityQuestionsGone:
    'Security questions are not used: recover your username or password with a code sent to your email or mobile number.',
  currentPasswordWrong: 'The current password is not correct.',
  stateCode: 'Please enter the two-letter state code.',
  zipCode: 'Please enter a five-digit ZIP code.',
} as const
