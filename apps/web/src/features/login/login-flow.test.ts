import { describe, expect, it } from 'vitest'
import {
  programOf,
  type AuthOutcome,
  type CustomerVerdict,
  type CwMfaResponse,
} from '@portal/contract'
import {
  logIn,
  type AuthenticationResult,
  type CustomerCheck,
  type HandoffResult,
  type LoginCalls,
  type LoginRequest,
  type MfaDecision,
} from './login-flow.ts'

interface Script {
  authentication?: AuthenticationResult
  customer?: CustomerCheck
  identity?: boolean
  mfa?: MfaDecision
  handoff?: HandoffResult
}

/** Fake calls answering from a script and recording what the flow did. */
function fakeCalls(script: Script) {
  const made: string[] = []
  const remembered: Record<string, string> = {}
  const logged: string[] = []
  const calls: LoginCalls = {
    authenticate: async (credentials, velLevel1Org) => {
      made.push(`authenticate ${credentials.userName} ${velLevel1Org}`)
      return script.authentication ?? answered('success')
    },
    authenticatePl: async (credentials) => {
      made.push(`authenticatePl ${credentials.userName}`)
      return script.authentication ?? answered('success')
    },
    checkCustomer: async (userName, program, level1Org) => {
      made.push(`checkCustomer ${userName} ${program.serviceCode} ${level1Org}`)
      return script.customer ?? checked('allowed')
    },
    loadIdentity: async () => {
      made.push('loadIdentity')
      return script.identity ?? true
    },
    decideMfa: async (flavour) => {
      made.push(`decideMfa ${flavour}`)
      return script.mfa ?? answeredMfa('ALLOW_LOGIN')
    },
    requestHandoff: async (target) => {
      made.push(`requestHandoff ${target}`)
      return script.handoff ?? { kind: 'granted', url: 'http://main.example/site' }
    },
    rememberUsername: (username) => void (remembered.username = username),
    rememberAssociation: (name) => void (remembered.associationName = name),
    logInfo: (reason) => void logged.push(reason),
  }
  return { calls, made, remembered, logged }
}

function answered(outcome: AuthOutcome, isTemporaryPassword = false): AuthenticationResult {
  return { kind: 'answered', outcome, isTemporaryPassword }
}

function mfaResponse(statusCode: string, more: Partial<CwMfaResponse> = {}): CwMfaResponse {
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

function answeredMfa(statusCode: string, more: Partial<CwMfaResponse> = {}): MfaDecision {
  return { kind: 'answered', response: mfaResponse(statusCode, more) }
}

function checked(verdict: CustomerVerdict, association = 'NA'): CustomerCheck {
  return { kind: 'checked', verdict, association }
}

const credentials = { userName: 'augustar_demo', password: 'Portal#2026' }
const usweb: LoginRequest = {
  flavour: 'usweb',
  program: programOf('augustar'),
  level1Org: '100',
  credentials,
}
const pl: LoginRequest = {
  flavour: 'pl',
  program: programOf('proliability'),
  level1Org: '110',
  credentials,
}

describe('usweb login flow', () => {
  it('looks up the customer, asks the second factor, then hands a recognised device off', async () => {
    const fake = fakeCalls({ customer: checked('allowed', 'NA') })
    expect(await logIn(usweb, fake.calls)).toEqual({
      kind: 'leave',
      url: 'http://main.example/site',
    })
    expect(fake.made).toEqual([
      'authenticate augustar_demo 100',
      'checkCustomer augustar_demo onl 100',
      'decideMfa usweb',
      'requestHandoff login',
    ])
    expect(fake.remembered).toEqual({ username: 'augustar_demo', associationName: 'NA' })
  })

  it('remembers the association the lookup found (AFM)', async () => {
    const fake = fakeCalls({ customer: checked('allowed', 'AFM') })
    await logIn(usweb, fake.calls)
    expect(fake.remembered.associationName).toBe('AFM')
  })

  it('shows the mismatch message for a mismatch verdict and for a failed lookup', async () => {
    for (const customer of [checked('mismatch'), { kind: 'lookupFailed' } as const]) {
      const fake = fakeCalls({ customer })
      expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'banner', reason: 'mismatch' })
      expect(fake.made).toHaveLength(2)
      expect(fake.remembered.associationName).toBeUndefined()
    }
  })

  it('shows the failure message when the lookup gets no answer', async () => {
    const fake = fakeCalls({ customer: { kind: 'failed' } })
    expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'banner', reason: 'failure' })
  })

  it('only logs an ineligible customer or a client of a broker, without personal data', async () => {
    for (const verdict of ['ineligible', 'brokerClient'] as const) {
      const fake = fakeCalls({ customer: checked(verdict) })
      expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'stopped' })
      expect(fake.made).toHaveLength(2)
      expect(fake.logged).toHaveLength(1)
      expect(fake.logged[0]).not.toContain(credentials.userName)
    }
  })

  it('stops quietly when the service refuses the hand-off', async () => {
    const fake = fakeCalls({ handoff: { kind: 'refused' } })
    expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'stopped' })
  })

  it('shows the failure message when the hand-off fails', async () => {
    const fake = fakeCalls({ handoff: { kind: 'failed' } })
    expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'banner', reason: 'failure' })
  })

  it('goes to the password update for a temporary password or expired credentials', async () => {
    for (const authentication of [answered('success', true), answered('expired')]) {
      const fake = fakeCalls({ authentication })
      expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'updateTempPassword' })
      expect(fake.made).toEqual(['authenticate augustar_demo 100'])
      expect(fake.remembered).toEqual({ username: 'augustar_demo' })
    }
  })

  it('shows the banner of each refused attempt and remembers nothing', async () => {
    for (const outcome of ['mismatch', 'lastAttempt', 'locked', 'crm'] as const) {
      const fake = fakeCalls({ authentication: answered(outcome) })
      expect(await logIn(usweb, fake.calls)).toEqual({ kind: 'banner', reason: outcome })
      expect(fake.made).toHaveLength(1)
      expect(fake.remembered).toEqual({})
    }
  })

  it('passes a 400 on and turns a failed call into the failure message', async () => {
    const rejected = fakeCalls({ authentication: { kind: 'rejected', message: 'x' } })
    expect(await logIn(usweb, rejected.calls)).toEqual({ kind: 'rejected', message: 'x' })
    const failed = fakeCalls({ authentication: { kind: 'failed' } })
    expect(await logIn(usweb, failed.calls)).toEqual({ kind: 'banner', reason: 'failure' })
  })
})

describe('usweb login: the second factor (spec §4 step 5)', () => {
  const screenFor = async (mfa: MfaDecision) => {
    const fake = fakeCalls({ mfa })
    return { end: await logIn(usweb, fake.calls), made: fake.made }
  }

  it('goes to the screen the status table names, without a hand-off', async () => {
    const cases = [
      [answeredMfa('CHALLENGE_LOGIN'), 'verificationInfoStep1'],
      [answeredMfa('RE_ENROLL', { mfaStatusCode: 'NEWUSER' }), 'verificationInfoStep2'],
      [answeredMfa('RE_ENROLL', { mfaStatusCode: 'UNVERIFIED' }), 'confirmVerificationInfoStep1'],
      [answeredMfa('RE_ENROLL', { mfaStatusCode: 'UNLOCKED' }), 'confirmVerificationInfoStep1'],
    ] as const
    for (const [mfa, screen] of cases) {
      const { end, made } = await screenFor(mfa)
      expect(end).toEqual({ kind: 'mfa', screen, incidentID: null })
      expect(made.at(-1)).toBe('decideMfa usweb')
    }
  })

  it('sends LOCKOUT, ERROR_MFA and INCIDENT_CREATED to support with the ticket', async () => {
    for (const status of ['LOCKOUT', 'ERROR_MFA', 'INCIDENT_CREATED']) {
      const { end } = await screenFor(answeredMfa(status, { incidentID: 'INC0001' }))
      expect(end).toEqual({ kind: 'mfa', screen: 'support', incidentID: 'INC0001' })
    }
  })

  it('hands off for ALLOW_LOGIN and ABORT_MFA', async () => {
    for (const status of ['ALLOW_LOGIN', 'ABORT_MFA']) {
      const { end, made } = await screenFor(answeredMfa(status))
      expect(end.kind).toBe('leave')
      expect(made.at(-1)).toBe('requestHandoff login')
    }
  })

  it('shows the failure message when the MFA call fails', async () => {
    const { end, made } = await screenFor({ kind: 'failed' })
    expect(end).toEqual({ kind: 'banner', reason: 'failure' })
    expect(made.at(-1)).toBe('decideMfa usweb')
  })
})

describe('pl login flow', () => {
  it('signs in with the pl call, loads the identity, then hands off', async () => {
    const fake = fakeCalls({})
    expect((await logIn(pl, fake.calls)).kind).toBe('leave')
    expect(fake.made).toEqual([
      'authenticatePl augustar_demo',
      'loadIdentity',
      'decideMfa pl',
      'requestHandoff login',
    ])
  })

  it('shows the failure message when the identity cannot be loaded', async () => {
    const fake = fakeCalls({ identity: false })
    expect(await logIn(pl, fake.calls)).toEqual({ kind: 'banner', reason: 'failure' })
    expect(fake.made).toEqual(['authenticatePl augustar_demo', 'loadIdentity'])
  })

  it('goes to /proliability/{mfa status} when the outcome is not empty', async () => {
    const fake = fakeCalls({
      mfa: answeredMfa('CHALLENGE_LOGIN', { nextScreen: 'verificationinfostep1' }),
    })
    expect(await logIn(pl, fake.calls)).toEqual({
      kind: 'mfa',
      screen: 'verificationInfoStep1',
      incidentID: null,
    })
    expect(fake.made).not.toContain('requestHandoff login')
  })

  it('hands off when the MFA outcome is empty or the response is null', async () => {
    for (const mfa of [answeredMfa('ALLOW_LOGIN'), { kind: 'answered', response: null } as const]) {
      const fake = fakeCalls({ mfa })
      expect((await logIn(pl, fake.calls)).kind).toBe('leave')
      expect(fake.made.at(-1)).toBe('requestHandoff login')
    }
  })

  it('goes to the password update for a temporary password', async () => {
    const fake = fakeCalls({ authentication: answered('success', true) })
    expect(await logIn(pl, fake.calls)).toEqual({ kind: 'updateTempPassword' })
    expect(fake.made).toEqual(['authenticatePl augustar_demo'])
  })
})
