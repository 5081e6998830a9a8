// The portal's own texts in English (issue 24): labels, hints, buttons and notes of the
// screens that are the portal's and not the specification's (the specification's are in
// ../messages.ts). Each key has its Spanish in portal-es.ts; the type check and
// coverage.test.ts name a key missing there. Plain values: the login page imports it.

export const portalTextsEn = {
  common: {
    loading: 'Loading',
    loadingText: 'Loading…',
    opensInNewTab: ' (opens in a new tab)',
    show: 'Show',
    hide: 'Hide',
    returnToLogin: 'Return to Login',
    submit: 'Submit',
    continue: 'Continue',
    customerService: 'Customer Service',
    /** Starts the document title while the error banner shows. */
    errorTitlePrefix: 'Error: ',
    unexpectedError: 'Unexpected Application Error!',
  },
  language: {
    /** The name of the language switch's group. */
    switchLabel: 'Language',
  },
  header: {
    email: 'Email',
    liveChat: 'Live Chat',
    home: 'Home',
    siteNavigation: 'Site',
    contactUs: 'Contact Us',
    contactIntro: 'Our customer service team is happy to help.',
    phone: 'Phone',
    close: 'Close',
  },
  footer: {
    privacyPolicy: 'Privacy Policy',
    termsOfUse: 'Terms of Use',
    allRightsReserved: 'All Rights Reserved',
    website: 'Website',
    licence: 'License #',
  },
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
    passwordLabel: 'Password',
    confirmPasswordLabel: 'Confirm Password',
  },
  titles: {
    login: 'Login',
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
