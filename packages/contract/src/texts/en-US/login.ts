// The login page (spec §2 screen 1): everything its first load shows but the frame.
// English (en-US), the source: each key has its Spanish in ../es-US/login.ts.

export const login = {
  title: 'Account Login',
  intro: 'Log in with your username and password.',
  usernameLabel: 'Username',
  passwordLabel: 'Password',
  submit: 'Login',
  forgotUsername: 'Forgot Username',
  forgotPassword: 'Forgot Password',
  /** pl: the link to registration (spec §2 screen 1). */
  register: 'Register',
  registerTitle: 'Register Your Account',
  registerIntro:
    'New to the portal? Set up your online account to view your coverage and manage your policy at any time.',
  signUp: 'Sign Up',
  highlightsTitle: 'Policy Highlights and Premiums',
  highlightsIntro: 'See what your errors and omissions coverage includes and what it costs.',
  learnMore: 'Learn More',
  /** pl login footer line (spec §2 screen 1). */
  premiumCoverage: (insurer: string) => `Premium coverage is provided by ${insurer}.`,
  mismatch:
    'The username and password do not match. Please try again. Please note that both are case-sensitive.',
  // Spec §8 describes this warning without quoting it; written to say exactly what it describes.
  nextAttemptLocks:
    'After the next failed attempt your account will be locked, and you will be asked to reset your password.',
  lockedLead: 'For security purposes, we require you to ',
  lockedLink: 'reset your password',
  lockedTail: '.',
  invalidCrm: 'The Login ID & zip code combination provided is incorrect.',
  // Spec §8: the failure text of pl, and of usweb (flavours.ts `failureText` names them).
  somethingWentWrong: 'Something went wrong, please try after sometime.',
  technicalDifficulties:
    'Thank you for being our valued customer. Our system is currently experiencing technical difficulties. We apologize for this inconvenience and ask that you try again later... contact your customer service center during business hours, Monday - Friday, 8am-5pm (CT).',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const
