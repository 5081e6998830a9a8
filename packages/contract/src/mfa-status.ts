// Spec §4 "MFA status mapping (usweb login)": statusCode / mfaStatusCode -> next screen.

export const mfaScreens = {
  verificationInfoStep1: 'verificationinfostep1',
  verificationInfoStep2: 'verificationinfostep2',
  verificationInfoStep3: 'verificationinfostep3',
  confirmVerificationInfoStep1: 'confirmverificationinfostep1',
  support: 'support',
} as const
export type MfaScreen = (typeof mfaScreens)[keyof typeof mfaScreens]

/** The next step after login: a screen of the portal, or the hand-off to the main site. */
export type MfaNext = { kind: 'screen'; screen: MfaScreen } | { kind: 'handoff' }

export interface MfaStatus {
  statusCode?: string | null
  mfaStatusCode?: string | null
}

export function nextAfterLogin(response: MfaStatus | null): MfaNext {
  if (!response) return { kind: 'handoff' }
  const screen = (s: MfaScreen): MfaNext => ({ kind: 'screen', screen: s })
  const { statusCode, mfaStatusCode } = response
  if (statusCode === 'RE_ENROLL') {
    if (mfaStatusCode === 'NEWUSER') return screen(mfaScreens.verificationInfoStep2)
    return screen(mfaScreens.confirmVerificationInfoStep1)
  }
  switch (statusCode) {
    case 'ALLOW_LOGIN':
    case 'ABORT_MFA':
    case 'AUTHENTICATION_SUCCESS':
      return { kind: 'handoff' }
    case 'CHALLENGE_LOGIN':
      return screen(mfaScreens.verificationInfoStep1)
    case 'REDIRECT_COLLECT':
      return screen(mfaScreens.confirmVerificationInfoStep1)
    case 'CHALLENGE_SUCCESS':
    case 'VERIFIED':
      return screen(mfaScreens.verificationInfoStep3)
    case 'LOCKOUT':
    case 'ERROR_MFA':
    case 'INCIDENT_CREATED':
      return screen(mfaScreens.support)
    default:
      return { kind: 'handoff' }
  }
}

// Kept apart from api/mfa.ts (its schemas): the login page uses these without them.

/** The error code of ERROR_MFA for a number that is not a valid mobile number. */
export const invalidMobileErrorCode = '10016'
export const myAccountScreen = 'MyAccount1'
