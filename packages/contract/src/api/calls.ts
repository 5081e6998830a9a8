// The calls of spec §7, one row each, and this service's own additions. The service's
// routes take their OpenAPI name, summary and group from here, and a test holds the
// generated document against this list, so a call of the spec cannot silently go missing.

export type HttpMethod = 'GET' | 'POST'

export interface ApiCall {
  method: HttpMethod
  /** The path as OpenAPI writes it ({name} for a path parameter). */
  path: string
  summary: string
  tag: 'Sign-in' | 'Account' | 'Customer' | 'Registration' | 'Recovery' | 'Verification'
}

const auth = '/api/us-web-authentication'

/** Spec §7, in its order: 28 rows of the table (two of them hold two calls) and 8 MFA calls. */
export const specCalls = {
  formLogin: {
    method: 'POST',
    path: '/api/authentication',
    summary: 'Form login (j_username, j_password)',
    tag: 'Sign-in',
  },
  authenticate: {
    method: 'POST',
    path: `${auth}/authenticate`,
    summary: 'usweb login; 201 carries the spec §4 message',
    tag: 'Sign-in',
  },
  authenticateForPl: {
    method: 'POST',
    path: `${auth}/authenticateForPLWithValidations`,
    summary: 'pl login',
    tag: 'Sign-in',
  },
  login: { method: 'POST', path: '/api/login', summary: 'pl JSON login', tag: 'Sign-in' },
  eauthenticate: {
    method: 'POST',
    path: `${auth}/eauthenticate`,
    summary: 'Login posted from a program site (same form and answer as authenticate)',
    tag: 'Sign-in',
  },
  getUser: { method: 'GET', path: `${auth}/getUser`, summary: 'The identity', tag: 'Account' },
  logout: { method: 'POST', path: '/api/logout', summary: 'Ends the session', tag: 'Sign-in' },
  getAccount: {
    method: 'GET',
    path: '/api/account',
    summary: 'The signed-in account',
    tag: 'Account',
  },
  saveAccount: {
    method: 'POST',
    path: '/api/account',
    summary: "The member's own profile, after the second factor",
    tag: 'Account',
  },
  fidbondAccount: {
    method: 'POST',
    path: '/api/fidbond-api/account',
    summary: 'The account of the signed-in user',
    tag: 'Account',
  },
  fidbondCreate: {
    method: 'POST',
    path: '/api/fidbond-api/create',
    summary: 'Creates a web account (same request, rules and answer as createuser)',
    tag: 'Registration',
  },
  customerFind: {
    method: 'POST',
    path: '/api/customer-api/find',
    summary: 'Customer lookup at login, or its registration variant',
    tag: 'Customer',
  },
  saveCustomer: {
    method: 'POST',
    path: '/api/customer-api/saveCustomer',
    summary: "The member's own mailing address, after the second factor",
    tag: 'Customer',
  },
  mailingAddress: {
    method: 'GET',
    path: '/api/customer-api/getPOMailingAddress/{program}',
    summary: 'Customer-service phone of a program',
    tag: 'Customer',
  },
  findCurrentTerm: {
    method: 'POST',
    path: '/api/policy-api/findCurrentTerm',
    summary: "The signed-in customer's current policy term",
    tag: 'Customer',
  },
  createUser: {
    method: 'POST',
    path: `${auth}/createuser`,
    summary: 'Creates a web account',
    tag: 'Registration',
  },
  findUserByMemberCode: {
    method: 'POST',
    path: `${auth}/finduserbymembercode`,
    summary: 'Existing-account check',
    tag: 'Registration',
  },
  validateAnswers: {
    method: 'POST',
    path: `${auth}/validateanswers`,
    summary: 'Security questions: gone (410)',
    tag: 'Recovery',
  },
  findUserByUsername: {
    method: 'POST',
    path: `${auth}/finduserbyusername`,
    summary: 'Security questions: gone (410)',
    tag: 'Recovery',
  },
  updateSecurityAnswer: {
    method: 'POST',
    path: `${auth}/updatesecurityAnswer`,
    summary: 'Security questions: gone (410)',
    tag: 'Recovery',
  },
  updateUser: {
    method: 'POST',
    path: `${auth}/updateuser`,
    summary: 'Password change of the signed-in member',
    tag: 'Account',
  },
  updateTempPassword: {
    method: 'POST',
    path: `${auth}/updateTempPassword`,
    summary: 'Replaces a temporary or expired password',
    tag: 'Account',
  },
  sendOtpToContactInfo: {
    method: 'POST',
    path: `${auth}/sendOTPToContactInfo`,
    summary: 'Sends a temporary password after the delivery choice',
    tag: 'Recovery',
  },
  sendTempPassword: {
    method: 'POST',
    path: `${auth}/sendTempPassword`,
    summary: 'Sends a temporary password',
    tag: 'Recovery',
  },
  sendUserName: {
    method: 'POST',
    path: `${auth}/sendUserName`,
    summary: 'Sends the username',
    tag: 'Recovery',
  },
  findEmail: {
    method: 'POST',
    path: `${auth}/findEmail`,
    summary: 'Contact lookup',
    tag: 'Recovery',
  },
  contactByPersonCd: {
    method: 'POST',
    path: `${auth}/getContactInfoByPersonCd`,
    summary: 'Masked contacts by customer number',
    tag: 'Recovery',
  },
  contactByUsername: {
    method: 'POST',
    path: `${auth}/getContactInfoByUsername`,
    summary: 'Masked contacts by username',
    tag: 'Recovery',
  },
  mfaGetUser: {
    method: 'GET',
    path: '/api/mfa/getMFAUser',
    summary: 'Second factor: what comes next',
    tag: 'Verification',
  },
  mfaGetDetails: {
    method: 'GET',
    path: '/api/mfa/getDetails',
    summary: 'Current verification contacts',
    tag: 'Verification',
  },
  mfaGetCountries: {
    method: 'GET',
    path: '/api/mfa/getCountries',
    summary: 'Countries and dial prefixes',
    tag: 'Verification',
  },
  mfaUpdateUser: {
    method: 'POST',
    path: '/api/mfa/updateUser',
    summary: 'Sets or confirms verification contacts',
    tag: 'Verification',
  },
  mfaSubmitVerification: {
    method: 'POST',
    path: '/api/mfa/submitVerification',
    summary: 'Sends a code by the chosen method',
    tag: 'Verification',
  },
  mfaGenerateNewCode: {
    method: 'POST',
    path: '/api/mfa/generateNewCode',
    summary: 'Sends a new code',
    tag: 'Verification',
  },
  mfaEnterVerificationCode: {
    method: 'POST',
    path: '/api/mfa/enterverificationcode',
    summary: 'Checks the code',
    tag: 'Verification',
  },
  mfaSupport: {
    method: 'POST',
    path: '/api/mfa/mfaSupport',
    summary: 'Opens a support incident',
    tag: 'Verification',
  },
} as const satisfies Record<string, ApiCall>

export type SpecCallName = keyof typeof specCalls

/**
 * Calls this service adds to spec §7. A portal pointed at another login service does not
 * need them: see `extensionFallbacks`.
 */
export const extensionCalls = {
  handoff: {
    method: 'POST',
    path: '/api/portal/handoff',
    summary: 'The address the browser leaves for, once sign-in is complete',
    tag: 'Sign-in',
  },
  mfaAuthenticate: {
    method: 'POST',
    path: '/api/mfa/authenticate',
    summary: 'pl: second factor, what comes next (the spec names the call, not its path)',
    tag: 'Verification',
  },
  sessionTime: {
    method: 'GET',
    path: '/api/portal/session',
    summary: 'The seconds before the sign-in ends for inactivity (not counted as activity)',
    tag: 'Sign-in',
  },
  sessionKeepAlive: {
    method: 'POST',
    path: '/api/portal/session/keep-alive',
    summary: '"Stay signed in": counts as activity, and answers the seconds left',
    tag: 'Sign-in',
  },
  passkeyStatus: {
    method: 'GET',
    path: '/api/passkeys/status',
    summary: 'Whether the member signing in has a passkey to use instead of a code',
    tag: 'Verification',
  },
  passkeyAuthenticationOptions: {
    method: 'POST',
    path: '/api/passkeys/authentication/options',
    summary: 'A challenge for the second factor by passkey (single use, 5 minutes)',
    tag: 'Verification',
  },
  passkeyAuthenticate: {
    method: 'POST',
    path: '/api/passkeys/authentication',
    summary: 'Checks a passkey assertion; passed, it counts as a passed code',
    tag: 'Verification',
  },
  passkeyList: {
    method: 'GET',
    path: '/api/passkeys',
    summary: "The member's passkeys (name, created, last used)",
    tag: 'Verification',
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/api/passkeys/registration/options',
    summary: 'A challenge to create a passkey, after a second factor passed in this sign-in',
    tag: 'Verification',
  },
  passkeyRegister: {
    method: 'POST',
    path: '/api/passkeys/registration',
    summary: 'Saves a new passkey (its public key) after checking the attestation',
    tag: 'Verification',
  },
  passkeyRemove: {
    method: 'POST',
    path: '/api/passkeys/remove',
    summary: 'Removes a passkey, after a second factor passed in this sign-in',
    tag: 'Verification',
  },
} as const satisfies Record<string, ApiCall>

export type ExtensionCallName = keyof typeof extensionCalls
export type ApiCallName = SpecCallName | ExtensionCallName

/** The OpenAPI vendor field that marks a call or a field as this service's addition. */
export const extensionMark = 'x-portal-extension'

/** Schema metadata marking a field as this service's addition, with its fallback. */
export const extension = (fallback: string) => ({ [extensionMark]: true, description: fallback })

/**
 * What a portal does when the login service it is pointed at lacks an addition (DESIGN:
 * "point it at an existing login service"). Published in the OpenAPI document.
 */
export const extensionFallbacks = {
  nextScreen:
    'cwMFAResponse.nextScreen: without it the portal derives the next screen from statusCode and mfaStatusCode by the spec §4 table (it already does so at login).',
  verdict:
    'customer-api/find verdict: without it the portal reads the program rules of spec §4 itself from tax_Id, status, custclass and membershipCd (customerVerdict in the contract); the service can then no longer refuse the hand-off, so the rule is enforced by the browser only.',
  association:
    'customer-api/find association: without it the portal derives it from level2org (associationOf in the contract).',
  eligibility:
    'registration lookup eligibility: without it the portal reads status and custclass (status i = ineligible, custclass subp = client of a broker).',
  handoff:
    'POST /api/portal/handoff: without it the portal builds the spec §4 hand-off address itself from its settings (MAIN_SITE_URL and the credentials it holds), as the original portal did; the password then passes through the browser.',
  mfaAuthenticate:
    'POST /api/mfa/authenticate (pl): without it the portal calls GET /api/mfa/getMFAUser, which answers the same cwMFAResponse.',
  sessionTime:
    'GET /api/portal/session: without it the portal gives no warning before the sign-in ends for inactivity.',
  sessionKeepAlive:
    'POST /api/portal/session/keep-alive: without it the warning offers only "Sign out".',
  resendAfterSeconds:
    'cwMFAResponse.resendAfterSeconds (after a code is sent): without it the code screen does not say how long before another code may be asked for; the service still refuses one asked too soon.',
  attemptsLeft:
    'cwMFAResponse.attemptsLeft (after a wrong code): without it the code screen gives no count of the tries left before the lock; the lock itself is the service’s, as before.',
  firstCodeAtOnce:
    'updateUser firstCodeAtOnce, cwMFAResponse codeSentBy and otherMethod (issue 43): a service without them answers updateUser with the choice of delivery (verificationinfostep1), as spec §4 describes, and the member chooses where the code goes.',
  rememberDevice:
    'enterverificationcode rememberDevice: a request without it is answered as spec §4 describes, the device trusted after a right code; a portal without the choice on its code screen simply does not send it.',
  passkeys:
    '/api/passkeys (issue 23): without them the portal offers no passkey (GET /api/passkeys/status failing reads as none) and the second factor is the emailed or texted code of spec §4.',
} as const

/** The frame of the OpenAPI document; the paths come from the routes' declarations. */
export const apiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Program Portal login service',
    version: '1.0.0',
    description:
      'The calls of spec §7, as this service answers them. Every call but the GETs needs the X-XSRF-TOKEN header copied from the XSRF-TOKEN cookie (set by the portal’s pages, at sign-in and sign-out, and by any refusal for a missing token); signed-in calls use the HttpOnly session cookie. Reference data (countries, mailing address) carries an ETag and may be cached; other answers are no-store. Operations and fields marked x-portal-extension are this service’s additions to the spec; x-portal-extension-fallbacks says what a portal does without them.',
  },
  tags: [
    { name: 'Sign-in' },
    { name: 'Account' },
    { name: 'Customer' },
    { name: 'Registration' },
    { name: 'Recovery' },
    { name: 'Verification' },
  ],
  'x-portal-extension-fallbacks': extensionFallbacks,
}

/** The OpenAPI fields of one call's declaration: name, summary, group, extension mark. */
export function operationOf(name: ApiCallName) {
  const isExtension = name in extensionCalls
  const call: ApiCall = isExtension
    ? extensionCalls[name as ExtensionCallName]
    : specCalls[name as SpecCallName]
  return {
    operationId: name,
    summary: call.summary,
    tags: [call.tag],
    ...(isExtension ? { [extensionMark]: true } : {}),
  }
}
