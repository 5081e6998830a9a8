// What the screens past the login page share: their buttons, the spinner's texts of the second
// factor, the document titles two screens share, the customer number's labels. A flow of its
// own, not the frame's, so that the login page's first load does not carry it (issue 45).
// English (en-US), the source: each key has its Spanish in ../es-US/screens.ts.

export const screens = {
  common: {
    submit: 'Submit',
    continue: 'Continue',
  },
  busy: {
    sendingCode: 'Sending your code…',
    checkingCode: 'Checking your code…',
  },
  /** Issue 6: the first part of a document title where two screens share a heading. */
  pageTitles: {
    deliveryChoice: 'Choose Delivery Method',
    passwordUpdated: 'Password updated',
    registrationUnavailable: 'Registration unavailable',
  },
  accountLabels: {
    'Agent Number': 'Agent Number',
    'Account Number': 'Account Number',
  },
} as const
