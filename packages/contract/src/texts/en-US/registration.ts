// Registration (spec §2 screens 2-3).
// English (en-US), the source: each key has its Spanish in ../es-US/registration.ts.

export const registration = {
  title: 'Register Your Account',
  identifyIntro: 'Enter the details we have on file for you.',
  credentialsTitle: 'Create Your Login',
  credentialsIntro: 'Choose a username and a password for your online account.',
  emailLabel: 'Email Address',
  mobileLabel: 'Mobile Number',
  mobileHint: 'Ten digits, for example 312-555-0101.',
  // Issue 27 (not in the spec): agents have the number printed with its prefix.
  agentNumberHint: (prefix: string) =>
    `6 digits, for example 100002. You may type it as ${prefix}100002.`,
  usernameLabel: 'Username',
  usernameHint:
    '6-50 characters: letters, numbers and underscores, no spaces. Usernames are case-sensitive.',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  returnToLogin: 'Return to Login',
  submit: 'Submit',
  /** Spec §2 screen 2: Next, or Continue in pl. */
  identifyButton: { usweb: 'Next', pl: 'Continue' },
  // Issue 16 (not in the spec): register2 gives a next step instead of a dead end.
  unavailableHelp:
    'Please return to login and try again in a few minutes, or call customer service for help.',
  welcomeTitle: 'Welcome!',
  welcome:
    'You have successfully set up your account. Please return to the login screen and enter your username and password.',
  usernameTaken: 'Username already exists.',
  unableToProcess: 'We are unable to process your request at this time.',
  accountExists:
    'An account already exists for the information entered below. Please call the number above for assistance.',
  notFound:
    'The information provided does not match our records. Please call the number shown above for assistance.',
  // Spec §8 paraphrases the onl addition; written from that paraphrase.
  notFoundAgentHint:
    'Please ensure the Agent Number is your six-digit provider Agent Number, removing any letters, and call the number above if you need assistance.',
  // Spec §8 ends this one with '...'; finished with the number the page shows.
  ineligible:
    'Our records indicate that you may be ineligible to apply for E&O insurance at this time. Please contact our customer service team at the number shown above.',
} as const
