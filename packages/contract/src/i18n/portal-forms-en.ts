// The portal's own texts in English (issue 24) of the forms past the login page, apart from
// portal-en.ts so that the login page does not fetch them. Spanish: portal-forms-es.ts.
export const portalFormTextsEn = {
  password: {
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
  },
  recovery: {
    email: 'Email',
    mobile: 'Mobile',
    username: 'Username',
    emailAddress: 'Email Address',
    mobileNumber: 'Mobile Number',
    textMessage: 'Text message',
  },
  mfa: {
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
  },
} as const
