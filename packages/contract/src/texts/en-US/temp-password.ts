// The temporary password update (spec §2).
// English (en-US), the source: each key has its Spanish in ../es-US/temp-password.ts.

export const tempPassword = {
  title: 'Password update',
  intro: 'Please enter your new password',
  // Issue 27 (not in the spec): why the member is here, and which account.
  whyHere: 'You signed in with a temporary password. Now choose a new password for this account.',
  accountLabel: 'Username',
  updated:
    'Your password has been updated. Please click below button and login with updated credentials.',
  confirmMismatch: 'Please make sure Confirm password is same as Password',
  matchesPrevious:
    'The password must not be the same as previous 8 passwords. Please enter a new password.',
  updatedButCannotLogin:
    'Password updated for user. However, we will be unable to log you in. Please contact customer support.',
  unableToUpdate: 'Unable to update password for user. Please contact customer support.',
} as const
