// LOCAL UNTIL THE CONTRACT CARRIES IT: the texts of spec §2 screens 15 and 16, exactly as
// the specification writes them (proposed for the contract's catalogue).
export const tempPasswordTexts = {
  title: 'Password update',
  intro: 'Please enter your new password',
  updated:
    'Your password has been updated. Please click below button and login with updated credentials.',
} as const
