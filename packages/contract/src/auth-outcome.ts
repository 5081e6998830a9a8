// The authentication messages of spec §4 ("carried with status 201") and what each means.

export const authMessages = {
  userLocked: 'User Locked',
  attempt1: 'Invalid Attempt 1',
  attempt2: 'Invalid Attempt 2',
  attempt3: 'Invalid Attempt 3',
  invalidCredentials: 'Invalid Credentials',
  userDoesNotExist: 'User does not exist',
  invalidCredentialsCrm: 'Invalid Credentials CRM',
  credentialsExpired: 'Credentials Expired',
  /** Any message not listed above means success; this is the one this service sends. */
  success: 'Authentication Successful',
} as const
export type AuthMessage = (typeof authMessages)[keyof typeof authMessages]

export type AuthOutcome = 'locked' | 'mismatch' | 'lastAttempt' | 'crm' | 'expired' | 'success'

export function authOutcomeOf(message: string): AuthOutcome {
  switch (message) {
    case authMessages.userLocked:
    case authMessages.attempt3:
      return 'locked'
    case authMessages.invalidCredentials:
    case authMessages.attempt1:
    case authMessages.userDoesNotExist:
      return 'mismatch'
    case authMessages.attempt2:
      return 'lastAttempt'
    case authMessages.invalidCredentialsCrm:
      return 'crm'
    case authMessages.credentialsExpired:
      return 'expired'
    default:
      return 'success'
  }
}
