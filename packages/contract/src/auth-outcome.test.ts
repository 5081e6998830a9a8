import { describe, expect, it } from 'vitest'
import { authMessages, authOutcomeOf } from './auth-outcome.ts'

describe('authOutcomeOf (spec §4 Login)', () => {
  it.each([
    [authMessages.userLocked, 'locked'],
    [authMessages.attempt3, 'locked'],
    [authMessages.invalidCredentials, 'mismatch'],
    [authMessages.attempt1, 'mismatch'],
    [authMessages.userDoesNotExist, 'mismatch'],
    [authMessages.attempt2, 'lastAttempt'],
    [authMessages.invalidCredentialsCrm, 'crm'],
    [authMessages.credentialsExpired, 'expired'],
    [authMessages.success, 'success'],
    ['anything else at all', 'success'],
  ])('reads %j as %s', (message, outcome) => {
    expect(authOutcomeOf(message)).toBe(outcome)
  })
})
