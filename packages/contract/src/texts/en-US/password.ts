// A new password: its fields, strength meter and checklist (spec §4, §5).
// English (en-US), the source: each key has its Spanish in ../es-US/password.ts.

export const password = {
  requirements: 'Password requirements',
  strength: 'Password strength',
  /** The strength meter's levels (spec §4), by the contract's English label. */
  levels: {
    'Very Weak': 'Very Weak',
    Weak: 'Weak',
    Moderate: 'Moderate',
    Good: 'Good',
    Strong: 'Strong',
  },
  /** Issue 43 (not in the spec): the meter's word when the password is refused as common. */
  tooEasyToGuess: 'Too easy to guess',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  confirmToggleTarget: 'confirm password',
  /** Issue 43: what a screen reader hears after each rule of the checklist. */
  ruleMet: ' (met)',
  ruleNotMet: ' (not met)',
  rules: {
    length: '8-50 characters',
    noSpace: 'No spaces',
    number: 'At least one number',
    special: 'At least one of the following special characters !@#$%^&*',
    letter: 'At least one letter – uppercase or lowercase (case-sensitive)',
  },
} as const
