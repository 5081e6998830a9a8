import { describe, expect, it } from 'vitest'
import { nextAfterLogin } from './mfa-status.ts'

describe('nextAfterLogin (spec §4 MFA status mapping)', () => {
  it.each([
    ['RE_ENROLL', 'NEWUSER', 'verificationinfostep2'],
    ['RE_ENROLL', 'UNVERIFIED', 'confirmverificationinfostep1'],
    ['RE_ENROLL', 'UNLOCKED', 'confirmverificationinfostep1'],
    ['CHALLENGE_LOGIN', null, 'verificationinfostep1'],
    ['REDIRECT_COLLECT', null, 'confirmverificationinfostep1'],
    ['CHALLENGE_SUCCESS', null, 'verificationinfostep3'],
    ['VERIFIED', null, 'verificationinfostep3'],
    ['LOCKOUT', null, 'support'],
    ['ERROR_MFA', '10016', 'support'],
    ['INCIDENT_CREATED', null, 'support'],
  ])('%s / %s goes to %s', (statusCode, mfaStatusCode, screen) => {
    expect(nextAfterLogin({ statusCode, mfaStatusCode })).toEqual({ kind: 'screen', screen })
  })

  it.each(['ALLOW_LOGIN', 'ABORT_MFA', 'AUTHENTICATION_SUCCESS'])('%s hands off', (statusCode) => {
    expect(nextAfterLogin({ statusCode })).toEqual({ kind: 'handoff' })
  })

  it('hands off when there is no response at all', () => {
    expect(nextAfterLogin(null)).toEqual({ kind: 'handoff' })
  })
})
