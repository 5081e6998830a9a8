// The message catalogue: every text of spec §5 and §8, exactly as the specification
// writes it. Where the specification elides part of a message ('...'), the elision is
// kept as written rather than inventing words the business never approved, except where
// a sentence would be left unfinished (marked below).

import { loginPageTexts as first } from './login-page-texts.ts'

export const messages = {
  login: first.messages.login,
  registration: {
    usernameTaken: 'Username already exists.',
    unableToProcess: 'We are unable to process your request at this time.',
    accountExists:
      'An account already exists for the information entered below. Please call the number above for assistance.',
    notFound:
      'The information provided does not match our records. Please call the number shown above for assistance.',
    // Spec §8 paraphrases the onl addition; written from that paraphrase.
    notFoundAgentHint:
      'Please ensure the Agent Number is your six-digit provider Agent Number, removing any letters, and call the number above if you need assistance.',
    // Spec §8 ends this one with '...'; finished with the number the page shows.
    ineligible:
      'Our records indicate that you may be ineligible to apply for E&O insurance at this time. Please contact our customer service team at the number shown above.',
  },
  recovery: {
    noAccounts:
      'Please double-check your information and try again. Having troubles? Try selecting a different option. Still having troubles? Call the number shown above.',
    multipleAccounts:
      'This information seems to be associated with more than one account. Please try a different option, or please call the number shown above for further assistance.',
    chooseMethod: 'Please select a contact method and enter the contact information.',
    usernameSent: 'Your username has been sent to you by email and SMS.',
    temporaryPasswordSent: 'A temporary password has been sent to you by email and SMS.',
  },
  mfa: {
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
  },
  tempPassword: {
    confirmMismatch: 'Please make sure Confirm password is same as Password',
    matchesPrevious:
      'The password must not be the same as previous 8 passwords. Please enter a new password.',
    updatedButCannotLogin:
      'Password updated for user. However, we will be unable to log you in. Please contact customer support.',
    unableToUpdate: 'Unable to update password for user. Please contact customer support.',
  },
  validation: {
    required: 'This field is required.',
    usernameRequired: first.messages.validation.usernameRequired,
    usernamePattern:
      'The username does not meet the minimum requirements. Use 6-50 characters of only letters, numbers, and/or underscores (no spaces).',
    passwordRequired: first.messages.validation.passwordRequired,
    passwordMinLength: 'Password must be at least of 8 characters',
    passwordPattern:
      'The password does not meet the minimum requirements. Use 8-50 characters, including a letter, a number, and a special character of !@#$%^&* (no spaces). Updated passwords must be different from your previous eight passwords.',
    passwordMismatch: 'Password does not match with Confirm Password.',
    /** Issue 28: a password the five rules accept but that is common or carries a name. */
    passwordGuessable:
      'This password is too easy to guess. Choose one that others would not think of.',
    mobile: 'Please enter a valid mobile number. (No spaces, dashes, or parentheses.)',
    email: (email: string) => `Please enter a valid email. (${email})`,
    verificationCode: 'Please enter the verification code you received.',
    deliveryMethod: 'Please select a delivery method',
    chooseOne: 'Please select at least one of the given choices',
    accountNumber: 'Please enter a valid number of up to 10 letters or digits.',
    agentNumber: 'Please enter your six-digit Agent Number.',
  },
  // Answers of the calls spec §7 lists without payloads (docs/decisions/0008): not spec texts.
  account: {
    securityQuestionsGone:
      'Security questions are not used: recover your username or password with a code sent to your email or mobile number.',
    currentPasswordWrong: 'The current password is not correct.',
    stateCode: 'Please enter the two-letter state code.',
    zipCode: 'Please enter a five-digit ZIP code.',
  },
  // The service's own refusals (issues 42, 43): answered in English (spec §7), shown in the
  // page's language by their key.
  service: {
    unknownProgram: 'Unknown program.',
    noMailingAddress: 'No mailing address for this program.',
    anotherUsersAccount: 'This account belongs to another user.',
    anotherUsersCustomerRecord: 'This customer record belongs to another user.',
    noCustomerRecord: 'No customer record for this account.',
    checkedForAnotherProgram: 'This sign-in was checked for another program.',
    pleaseLogIn: 'Please log in to continue.',
    sessionEnded: 'Your session has ended. Please log in again.',
    refusedProgram: 'This account cannot continue to the program site.',
    passkeyNotOnAccount: 'This passkey is not on your account.',
    anotherSignInsPasswordChange: 'This password change belongs to another sign-in.',
    anotherSignInsVerification: 'This verification belongs to another sign-in.',
    chooseCountry: 'Please choose a country or region from the list.',
    contactsAfterCodeOnly: 'Contact details can be changed after a verification code only.',
    authenticationFailed: 'Authentication failed.',
    stepOutOfOrder: 'This step does not follow the previous one.',
    verifiedContactsAfterCodeOnly: 'Verified contact details can be changed after the code only.',
    passkeyRemoveRefused: 'Please sign in again with a verification code to remove a passkey.',
    noPasskeyMade: 'You have no passkeys.',
    passkeyNotCreated: 'The passkey could not be created.',
    passkeyLimit: (most: number) => `An account can hold ${most} passkeys.`,
    pageExpired: 'The page has expired. Please reload it and try again.',
    takesJson: 'This call takes JSON.',
    unsupportedMediaType: 'This call takes JSON (or the form its documentation names).',
    controlCharacters: 'Please remove control characters from this field.',
    invalidInput: 'Invalid input.',
    couldNotComplete: 'The service could not complete the request. Please try again later.',
    nothingHere: 'There is nothing at this address.',
    temporaryPasswordFirst: 'Please log in with your temporary password first.',
  },
  errorBannerHeading: first.messages.errorBannerHeading,
  failureReference: first.messages.failureReference,
  // Not in the spec (issue 14, docs/decisions/0009): the answers of the abuse limits.
  throttle: {
    tooManyAttempts: first.messages.throttle.tooManyAttempts,
    waitForNewCode: (seconds: number) =>
      `Please wait ${seconds} seconds before asking for a new code.`,
    tooManyMessages:
      'Too many messages have been sent for this account. Please try again later or call customer service.',
    textsNotAvailable:
      'Text messages cannot be sent to this number. Please choose email, or call customer service.',
  },
} as const

/** Checklist labels of the new-password rules (spec §5), in display order. */
export const passwordRuleLabels = {
  length: '8-50 characters',
  noSpace: 'No spaces',
  number: 'At least one number',
  special: 'At least one of the following special characters !@#$%^&*',
  letter: 'At least one letter – uppercase or lowercase (case-sensitive)',
} as const

/**
 * Screen texts of spec §2. Quoted ones are exact; where the spec describes a text instead
 * of quoting it, it is written from that description.
 */
export const screenTexts = {
  login: first.screenTexts.login,
  tempPassword: {
    title: 'Password update',
    intro: 'Please enter your new password',
    // Issue 27 (not in the spec): why the member is here, and which account.
    whyHere: 'You signed in with a temporary password. Now choose a new password for this account.',
    accountLabel: 'Username',
    updated:
      'Your password has been updated. Please click below button and login with updated credentials.',
  },
  registration: {
    title: 'Register Your Account',
    identifyIntro: 'Enter the details we have on file for you.',
    credentialsTitle: 'Create Your Login',
    credentialsIntro: 'Choose a username and a password for your online account.',
    emailLabel: 'Email Address',
    mobileLabel: 'Mobile Number',
    mobileHint: 'Ten digits, for example 312-555-0101.',
    // Issue 27 (not in the spec): agents have the number printed with its prefix.
    agentNumberHint: (prefix: string) =>
      `6 digits, for example 100002. You may type it as ${prefix}100002.`,
    usernameLabel: 'Username',
    usernameHint:
      '6-50 characters: letters, numbers and underscores, no spaces. Usernames are case-sensitive.',
    passwordLabel: 'Password',
    confirmPasswordLabel: 'Confirm Password',
    returnToLogin: 'Return to Login',
    submit: 'Submit',
    /** Spec §2 screen 2: Next, or Continue in pl. */
    identifyButton: { usweb: 'Next', pl: 'Continue' },
    // Issue 16 (not in the spec): register2 gives a next step instead of a dead end.
    unavailableHelp:
      'Please return to login and try again in a few minutes, or call customer service for help.',
    welcomeTitle: 'Welcome!',
    welcome:
      'You have successfully set up your account. Please return to the login screen and enter your username and password.',
  },
  recovery: {
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
  },
  mfa: {
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
  },
  support: {
    title: 'Customer Support',
    callUs: (phone: string) =>
      `Please call customer support at ${phone} and provide the incident ticket number below.`,
    plHours: 'Our call centre is open 7:30am-5pm CST, Monday-Friday.',
    ticketLabel: 'Incident ticket number',
    // Issue 27 (not in the spec): plain lines beside the spec's text.
    paused: (tries: number) =>
      `To protect your account, we have paused sign-in after ${tries} incorrect codes.`,
    uswebHours: 'Our customer service center is open Monday-Friday, 8am-5pm CT.',
    copy: 'Copy',
    copyLabel: 'Copy the incident ticket number',
    copied: 'Ticket number copied.',
    resetNow: 'Reset your password now',
    resetNowHint: 'Resetting your password unlocks your account.',
  },
  /** Issue 27 (not in the spec): the idle limit seen coming (WCAG 2.2.1). */
  session: {
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
  },
  /** Issue 27 (not in the spec): the login page before its script has run (problem 9). */
  pageShell: {
    loading: 'Loading your secure sign-in…',
    customerService: 'Customer Service',
    noScript: 'This sign-in page needs JavaScript. Please turn it on and reload the page.',
    noScriptCall: 'You can also call customer service at',
  },
  busy: first.screenTexts.busy,
  /** Issue 23 (not in the spec): passkeys as a second factor (decision 0022). */
  passkeys: {
    offerTitle: 'Skip the code next time',
    offerIntro:
      'A passkey lets you confirm it is you with this device’s fingerprint, face or screen lock instead of a code. It works only on this website, so it cannot be given away to a fake page.',
    create: 'Create a passkey',
    notNow: 'Not now',
    use: 'Use your passkey',
    orCode: 'Or have a code sent to you:',
    notUsed: 'Your passkey could not be used. Try again, or have a code sent to you.',
    /** Issue 43: the ceremony ended in the browser (cancelled, or no passkey here). */
    notHere:
      'No passkey was used. If this device doesn’t have your passkey, have a code sent to you instead.',
    /** Issue 43: "Use your passkey" as a second choice, where this device is not known to hold one. */
    elsewhere:
      'Have a passkey on your phone, or in another browser? You can use it instead of a code.',
    savedTitle: 'Passkey saved',
    saved:
      'Your passkey is saved on this device. Next time, after your password, choose “Use your passkey” instead of waiting for a code.',
    notSaved: 'No passkey was saved. You can try again, or choose Not now.',
    listTitle: 'Your passkeys',
    listIntro: 'Passkeys you can use instead of a code on a new device.',
    none: 'You have no passkeys.',
    name: 'Name',
    created: 'Created',
    lastUsed: 'Last used',
    never: 'Never',
    remove: 'Remove',
    removeLabel: (name: string) => `Remove passkey ${name}`,
    removed: (name: string) => `Passkey ${name} was removed.`,
    removeRefused: 'Please sign in again with a verification code to remove a passkey.',
    // Issue 43: a new passkey's name, from the system of the browser that made it.
    nameOn: (system: string) => `Passkey on ${system}`,
    nameUnknown: 'Passkey',
  },
  /** Issue 6: the first part of a document title where two screens share a heading. */
  pageTitles: {
    deliveryChoice: 'Choose Delivery Method',
    passwordUpdated: 'Password updated',
    registrationUnavailable: 'Registration unavailable',
  },
} as const
