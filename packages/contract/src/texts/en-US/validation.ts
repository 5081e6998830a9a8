// The field rules of spec §5 (the login fields' are the login page's, in login.ts).
// English (en-US), the source: each key has its Spanish in ../es-US/validation.ts.

export const validation = {
  required: 'This field is required.',
  usernamePattern:
    'The username does not meet the minimum requirements. Use 6-50 characters of only letters, numbers, and/or underscores (no spaces).',
  passwordMinLength: 'Password must be at least of 8 characters',
  passwordPattern:
    'The password does not meet the minimum requirements. Use 8-50 characters, including a letter, a number, and a special character of !@#$%^&* (no spaces). Updated passwords must be different from your previous eight passwords.',
  passwordMismatch: 'Password does not match with Confirm Password.',
  /** Issue 28: a password the five rules accept but that is common or carries a name. */
  passwordGuessable:
    'This password is too easy to guess. Choose one that others would not think of.',
  mobile: 'Please enter a valid mobile number. (No spaces, dashes, or parentheses.)',
  email: (email: string) => `Please enter a valid email. (${email})`,
  verificationCode: 'Please enter the verification code you received.',
  deliveryMethod: 'Please select a delivery method',
  chooseOne: 'Please select at least one of the given choices',
  accountNumber: 'Please enter a valid number of up to 10 letters or digits.',
  agentNumber: 'Please enter your six-digit Agent Number.',
} as const
