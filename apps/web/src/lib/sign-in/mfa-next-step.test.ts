import { describe, expect, it } from 'vitest'
import { messages, type CwMfaResponse } from '@portal/contract'
import {
  incidentOfState,
  mfaScreenOf,
  mfaScreenPath,
  stepAfterLogin,
  stepAfterResponse,
  supportScreenState,
} from './mfa-next-step.ts'

function response(statusCode: string | null, more: Partial<CwMfaResponse> = {}): CwMfaResponse {
  return {
    statusCode,
    mfaStatusCode: null,
    mfaErrorCode: null,
    incidentID: null,
    contactDetails: null,
    nextScreen: '',
    ...more,
  }
}

const screen = (name: string, incidentID: string | null = null) => ({
  kind: 'screen',
  screen: name,
  incidentID,
})

describe('after login (spec §4 "MFA status mapping")', () => {
  it('follows the status table in usweb, whatever the next-screen name says', () => {
    expect(stepAfterLogin('usweb', response('RE_ENROLL', { mfaStatusCode: 'NEWUSER' }))).toEqual(
      screen('verificationInfoStep2'),
    )
    expect(stepAfterLogin('usweb', response('RE_ENROLL', { mfaStatusCode: 'UNVERIFIED' }))).toEqual(
      screen('confirmVerificationInfoStep1'),
    )
    expect(stepAfterLogin('usweb', response('CHALLENGE_LOGIN'))).toEqual(
      screen('verificationInfoStep1'),
    )
    expect(stepAfterLogin('usweb', response('LOCKOUT', { incidentID: 'INC1' }))).toEqual({
      ...screen('support', 'INC1'),
      isLockout: true,
    })
  })

  it('hands off in usweb for ALLOW_LOGIN, ABORT_MFA and a null response', () => {
    for (const answer of [response('ALLOW_LOGIN'), response('ABORT_MFA'), null]) {
      expect(stepAfterLogin('usweb', answer)).toEqual({ kind: 'handoff', target: 'login' })
    }
  })

  it('goes to /proliability/{mfa status} in pl, and hands off when it is empty or null', () => {
    expect(
      stepAfterLogin('pl', response('CHALLENGE_LOGIN', { nextScreen: 'verificationinfostep1' })),
    ).toEqual(screen('verificationInfoStep1'))
    expect(stepAfterLogin('pl', response('ALLOW_LOGIN'))).toEqual({
      kind: 'handoff',
      target: 'login',
    })
    expect(stepAfterLogin('pl', null)).toEqual({ kind: 'handoff', target: 'login' })
  })
})

describe('after each verification call (spec §4 "MFA screens")', () => {
  it('stays on the contact form with the invalid-mobile message for ERROR_MFA 10016', () => {
    expect(stepAfterResponse(response('ERROR_MFA', { mfaErrorCode: '10016' }))).toEqual({
      kind: 'stay',
      message: messages.mfa.invalidMobile,
    })
  })

  it('goes to support for any other ERROR_MFA, even without a next screen', () => {
    expect(stepAfterResponse(response('ERROR_MFA', { mfaErrorCode: '10099' }))).toEqual(
      screen('support'),
    )
  })

  it('goes where the next-screen name says: delivery choice, code entry, support', () => {
    expect(
      stepAfterResponse(response('CHALLENGE_LOGIN', { nextScreen: 'verificationinfostep1' })),
    ).toEqual(screen('verificationInfoStep1'))
    expect(
      stepAfterResponse(response('CHALLENGE_SUCCESS', { nextScreen: 'verificationinfostep3' })),
    ).toEqual(screen('verificationInfoStep3'))
    expect(
      stepAfterResponse(
        response('INCIDENT_CREATED', { nextScreen: 'support', incidentID: 'INC0042' }),
      ),
    ).toEqual(screen('support', 'INC0042'))
  })

  it('stays on the code screen with the wrong-code message for AUTHENTICATION_FAILED', () => {
    expect(
      stepAfterResponse(
        response('AUTHENTICATION_FAILED', { nextScreen: 'verificationinfostep3' }),
        { isUpdateRequested: true },
      ),
    ).toEqual({ kind: 'stay', message: messages.mfa.wrongCode })
  })

  it('sends the sixth wrong code to support with the ticket', () => {
    expect(
      stepAfterResponse(response('LOCKOUT', { nextScreen: 'support', incidentID: 'INC7' })),
    ).toEqual({ ...screen('support', 'INC7'), isLockout: true })
  })

  it('after a right code: update first when asked, else landing for MyAccount1, else login', () => {
    const landing = response('AUTHENTICATION_SUCCESS', { nextScreen: 'MyAccount1' })
    const done = response('AUTHENTICATION_SUCCESS')
    expect(stepAfterResponse(landing, { isUpdateRequested: true })).toEqual(
      screen('updateInformationStep1'),
    )
    expect(stepAfterResponse(landing)).toEqual({ kind: 'handoff', target: 'landing' })
    expect(stepAfterResponse(done)).toEqual({ kind: 'handoff', target: 'login' })
  })

  it('hands off to the remembered destination when the update is saved', () => {
    expect(stepAfterResponse(response('VERIFIED'), { doneTarget: 'landing' })).toEqual({
      kind: 'handoff',
      target: 'landing',
    })
  })

  it('falls back to the status table for a next-screen name the portal does not have', () => {
    expect(stepAfterResponse(response('CHALLENGE_SUCCESS', { nextScreen: 'somewhere' }))).toEqual(
      screen('verificationInfoStep3'),
    )
  })
})

describe('screen names and addresses', () => {
  it('knows the spec names, in any case, and pl’s mfa alias', () => {
    expect(mfaScreenOf('VerificationInfoStep3')).toBe('verificationInfoStep3')
    expect(mfaScreenOf('mfa')).toBe('verificationInfoStep1')
    expect(mfaScreenOf('updateinformationstep1component')).toBe('updateInformationStep1')
    expect(mfaScreenOf('login')).toBeUndefined()
  })

  it('puts the ticket number in the support address only', () => {
    expect(mfaScreenPath('usweb', 'support', 'INC 1')).toBe('/usweb/support?incidentID=INC+1')
    expect(mfaScreenPath('pl', 'support')).toBe('/proliability/support')
    expect(mfaScreenPath('pl', 'verificationInfoStep3', 'INC1')).toBe(
      '/proliability/verificationinfostep3',
    )
  })

  it('shows on the support screen only a ticket the service issued in this tab (L4)', () => {
    expect(incidentOfState(supportScreenState('INC20261122000042'))).toBe('INC20261122000042')
    expect(incidentOfState(supportScreenState('Call 1-900-555-0100'))).toBe('')
    expect(incidentOfState(null)).toBe('')
    expect(incidentOfState({ incidentID: 42 })).toBe('')
  })
})
