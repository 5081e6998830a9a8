// Forgot username / password (spec §2).
// English (en-US), the source: each key has its Spanish in ../es-US/recovery.ts.

export const recovery = {
  titleOf: { username: 'Forgot Username', password: 'Forgot Password' },
  introOf: {
    username:
      'Choose a recovery option and enter the matching information to receive your username.',
    password:
      'Choose a recovery option and enter the matching information to receive a temporary password.',
  },
  optionsLegend: 'Recovery option',
  valueLabelUnchosen: 'Contact Information',
  forgotUsernameLink: 'Forgot username?',
  deliveryIntroOf: {
    username: 'Choose where we should send your username.',
    password: 'Choose where we should send your temporary password.',
  },
  deliveryLegend: 'Delivery method',
  returnToLogin: 'Return to Login',
  submit: 'Submit',
  usernameSentTitle: 'Username sent',
  temporaryPasswordSentTitle: 'Temporary password sent',
  mayTakeMinutes:
    'It may take a few minutes to arrive. If you do not see it, please check your spam or junk folder.',
  email: 'Email',
  mobile: 'Mobile',
  username: 'Username',
  emailAddress: 'Email Address',
  mobileNumber: 'Mobile Number',
  textMessage: 'Text message',
  noAccounts:
    'Please double-check your information and try again. Having troubles? Try selecting a different option. Still having troubles? Call the number shown above.',
  multipleAccounts:
    'This information seems to be associated with more than one account. Please try a different option, or please call the number shown above for further assistance.',
  chooseMethod: 'Please select a contact method and enter the contact information.',
  usernameSent: 'Your username has been sent to you by email and SMS.',
  temporaryPasswordSent: 'A temporary password has been sent to you by email and SMS.',
} as const
