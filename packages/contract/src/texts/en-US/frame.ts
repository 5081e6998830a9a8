// Every page's frame: header, footer, banner, spinner (the page before its script is
// page-shell.ts).
// English (en-US), the source: each key has its Spanish in ../es-US/frame.ts.

export const frame = {
  common: {
    loading: 'Loading',
    loadingText: 'Loading…',
    opensInNewTab: ' (opens in a new tab)',
    show: 'Show',
    hide: 'Hide',
    /** What the password field's Show / Hide button shows or hides (read after it). */
    passwordToggleTarget: 'password',
    returnToLogin: 'Return to Login',
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
  errorBannerHeading: 'Error',
  // Not in the spec: shown after the technical-difficulties message so the support desk can
  // find the failed request (the start of its request id) in the service's logs.
  failureReference: 'Reference:',
  /** Issue 27 (not in the spec): what the spinner says is happening. */
  busy: {
    loading: 'Loading…',
    signingIn: 'Signing you in…',
  },
} as const
