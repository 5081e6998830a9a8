// Issue 27 (not in the spec): the idle limit seen coming (WCAG 2.2.1).
// English (en-US), the source: each key has its Spanish in ../es-US/session.ts.

export const session = {
  warningTitle: 'Do you need more time?',
  warning: (minutes: number) =>
    `For your security, we will sign you out in ${minutes === 1 ? '1 minute' : `${minutes} minutes`} unless you choose to stay signed in.`,
  /** Issue 43: the last minute, in seconds. */
  warningSeconds: (seconds: number) =>
    `For your security, we will sign you out in ${seconds === 1 ? '1 second' : `${seconds} seconds`} unless you choose to stay signed in.`,
  staySignedIn: 'Stay signed in',
  signOut: 'Sign out',
  endedTitle: 'You have been signed out',
  ended:
    'For your security, you were signed out after a period without activity. Nothing was changed.',
  logInAgain: 'Log in again',
} as const
