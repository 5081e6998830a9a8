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
    /** What the password field's Show / Hide button shows or hides (read after it). */
    passwordToggleTarget: 'password',
    returnToLogin: 'Return to Login',
    submit: 'Submit',
    continue: 'Continue',
    customerService: 'Customer Service',
    /** Starts the document title while the error banner shows. */
    errorTitlePrefix: 'Error: ',
    unexpectedError: 'Unexpected Application Error!',
    /** Issue 43: the first link of every page, for keyboards and screen readers. */
    skipToMain: 'Skip to main content',
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
    /** A state's licence line: 'Arkansas License #100123456'. */
    licence: (state: string, number: string) => `${state} License #${number}`,
  },
  titles: {
    login: 'Login',
  },
} as const
