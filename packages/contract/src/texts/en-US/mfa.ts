// The second factor: choosing a delivery, the code, the contacts (spec §2).
// English (en-US), the source: each key has its Spanish in ../es-US/mfa.ts.

export const mfa = {
  chooseDeliveryTitle: 'Verify Your Identity',
  enterCodeTitle: 'Enter Verification Code',
  contactTitles: {
    confirm: 'Confirm Verification Information',
    enrol: 'Verification Information',
    update: 'Update Verification Information',
  },
  dualAuthentication:
    'Dual authentication requires an email address and a mobile number. Please confirm yours below.',
  consent:
    'By continuing, you agree that the program administrator may contact you by email and/or mobile for verification.',
  updateIntro: 'Update your current email address and mobile number below',
  codeSent: (mode: 'email' | 'mobile') =>
    `A one-time verification code has been sent to your ${mode === 'email' ? 'email address' : 'mobile number'}. It may take a few minutes to arrive. The code expires in 10 minutes.`,
  plNeedHelp: 'Need help? click here for support',
  // Issue 16 (not in the spec): what the code screen adds around the spec's texts.
  sentTo: 'Sent to',
  codeHelp: "Didn't get the code?",
  // Issue 43 (item 10, not in the spec): the first code went at once to the email just
  // confirmed; the mobile confirmed with it is the other way.
  sendByText: 'Send it by text instead',
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} seconds.`,
  completeEveryField: 'Continue becomes available once every field above is complete.',
  // Issue 40 (not in the spec): before a code, the contacts on file are shown masked.
  maskedContactsIntro:
    'For your security, your contact details are partly hidden until you enter a verification code. Keep them, or change one and type it in full.',
  changeContact: (label: string) => `Change ${label}`,
  keepContact: (masked: string) => `Keep ${masked}`,
  // Issue 32 (not in the spec): the confirm screen after a password reset or an unlock.
  boundContactsIntro:
    'To protect your account, we will send a verification code to the contact details you confirmed before. You can update them after you enter the code.',
  // Issue 27 (not in the spec): beside the spec's wrong-code sentence, from the fourth.
  attemptsLeft: (left: number) =>
    left === 1 ? 'You have 1 attempt left.' : `You have ${left} attempts left.`,
  codeNotAccepted: 'That code was not accepted. Enter the 6-digit code again.',
  rememberDevice: (days: number) =>
    days === 1 ? 'Remember this device for 1 day' : `Remember this device for ${days} days`,
  rememberDeviceHint:
    "Don't tick this on a shared or public computer. To undo it, clear this browser's cookies and site data.",
  recentRecovery: (by: 'email' | 'sms') =>
    by === 'email'
      ? 'Because a temporary password was just sent to your email address, this code will be sent to your mobile number.'
      : 'Because a temporary password was just sent to your mobile number, this code will be sent to your email address.',
  chooseIntro:
    'For your security, we need to confirm it is you. Choose where we should send a one-time verification code.',
  sendMyCodeBy: 'Send my code by',
  email: 'Email',
  mobile: 'Mobile',
  updateAfterVerifying: 'Update my verification contact details after verifying',
  contactSupport: 'Contact Support',
  verificationCode: 'Verification Code',
  generateNewCode: 'Generate new Code',
  changeDeliveryMode: 'Change Delivery Mode',
  support: 'Support',
  plHelpLead: 'Need help? Click',
  plHelpLink: 'here',
  plHelpTail: 'to contact support.',
  faq: 'Verification code FAQ',
  emailAddress: 'Email address',
  mobileNumber: 'Mobile number',
  editMobileNumber: 'Edit mobile number',
  typeOfEmail: 'Type of email address',
  typeOfMobile: 'Type of mobile number',
  countryRegion: 'Country/Region',
  /** The contact types (the service's values Personal and Work), as shown. */
  contactTypes: { Personal: 'Personal', Work: 'Work' },
  invalidMobile: 'The phone number entered below is not a valid mobile phone number.',
  wrongCode:
    'The code you provided was not correct. Please re-enter, generate a new code, change the delivery mode, or contact support. After 6 attempts, your account will be locked.',
  newCodeSent:
    'A new code has been sent. Please disregard any previously sent codes, as they are no longer valid.',
  // Issue 32 (not in the spec): a new account's first code goes to a contact on its record.
  firstCodeOnRecord:
    'For your security, please enter the email address and mobile number we have on record for you. You can change them after you enter the verification code.',
  // Issue 32: codes go only where they went before a reset, and not back to the channel used.
  codeToProvenOnly:
    'For your security, the verification code can only be sent to contact details you confirmed before.',
  codeAfterRecovery:
    'For your security, because a temporary password was just sent there, the verification code must be sent to your other contact.',
} as const
