import { describe, expect, it } from 'vitest'
import {
  messages,
  programOf,
  type ProgramCode,
  type RegistrationLookup,
  type RegistrationLookupResponse,
} from '@portal/contract'
import type { CallResult } from '../../lib/api/api-client.ts'
import {
  createOutcomeOf,
  createUserRequestOf,
  identify,
  type ExistingAccountAnswer,
  type IdentifyRequest,
  type RegistrationCalls,
} from './registration-flow.ts'

interface Script {
  lookup?: CallResult<RegistrationLookupResponse>
  existing?: CallResult<ExistingAccountAnswer>
}

const customer = (
  eligibility: RegistrationLookupResponse['eligibility'] = 'eligible',
): CallResult<RegistrationLookupResponse> => ({
  kind: 'answered',
  status: 200,
  json: { status: 'a', custclass: null, membershipCd: 'M100', firstName: 'Nico', eligibility },
})
const noAccount: CallResult<ExistingAccountAnswer> = {
  kind: 'answered',
  status: 200,
  json: { body: null },
}
const refused = (status: number, message: string | null = 'x') =>
  ({ kind: 'refused', status, message }) as const

/** Fake calls answering from a script and recording what the flow sent. */
function fakeCalls(script: Script) {
  const lookups: RegistrationLookup[] = []
  const checks: unknown[] = []
  const logged: string[] = []
  const calls: RegistrationCalls = {
    lookUp: async (query) => {
      lookups.push(query)
      return script.lookup ?? customer()
    },
    checkExistingAccount: async (check) => {
      checks.push(check)
      return script.existing ?? noAccount
    },
    logInfo: (reason) => void logged.push(reason),
  }
  return { calls, lookups, checks, logged }
}

function request(code: ProgramCode, accountValue: string): IdentifyRequest {
  const program = programOf(code)
  return {
    flavour: program.flavour,
    program,
    level1Org: program.level1Org,
    accountValue,
    email: ' nico@example.com ',
    phone: '312-555-0101',
  }
}

describe('registration step 1', () => {
  it('looks the customer up, checks for an account, and goes on to step 2', async () => {
    const fake = fakeCalls({})
    expect(await identify(request('bclip', 'BC10002'), fake.calls)).toEqual({
      kind: 'step2',
      details: {
        membershipCd: 'M100',
        firstName: 'Nico',
        email: 'nico@example.com',
        phone: '3125550101',
      },
    })
    expect(fake.lookups).toEqual([
      {
        clientPrefix: 'bclip',
        customerNumber: 'BC10002',
        level1Org: '100',
        email: 'nico@example.com',
        primaryEmailAddress: 'BC10002',
        phoneNumber: '3125550101',
      },
    ])
    // usweb checks by membership and email only.
    expect(fake.checks).toEqual([{ membershipCd: 'M100', primaryEmailAddress: 'nico@example.com' }])
  })

  it('sends augustar agent numbers with the ASF prefix and the onl client prefix', async () => {
    const fake = fakeCalls({})
    await identify(request('augustar', '100002'), fake.calls)
    expect(fake.lookups[0]).toMatchObject({
      clientPrefix: 'onl',
      customerNumber: 'ASF100002',
      primaryEmailAddress: 'ASF100002',
    })
  })

  it('adds the phone number to the pl existing-account check', async () => {
    const fake = fakeCalls({})
    await identify(request('proliability', 'PL10002'), fake.calls)
    expect(fake.checks).toEqual([
      { membershipCd: 'M100', primaryEmailAddress: 'nico@example.com', phoneNumber: '3125550101' },
    ])
  })

  it('says the details do not match, with the agent hint for augustar', async () => {
    const bclip = fakeCalls({ lookup: refused(404) })
    expect(await identify(request('bclip', 'BC1'), bclip.calls)).toEqual({
      kind: 'banner',
      items: [messages.registration.notFound],
    })
    const augustar = fakeCalls({ lookup: refused(404) })
    expect(await identify(request('augustar', '123456'), augustar.calls)).toEqual({
      kind: 'banner',
      items: [messages.registration.notFound, messages.registration.notFoundAgentHint],
    })
    expect(augustar.checks).toEqual([])
  })

  it("shows the service's message for too many attempts and the failure text otherwise", async () => {
    const limited = fakeCalls({ lookup: refused(429, 'Too many attempts.') })
    expect(await identify(request('bclip', 'BC1'), limited.calls)).toEqual({
      kind: 'banner',
      items: ['Too many attempts.'],
    })
    for (const lookup of [
      refused(500),
      { kind: 'failed', reason: 'transport' } as const,
      refused(429, null),
    ]) {
      const usweb = fakeCalls({ lookup })
      expect(await identify(request('bclip', 'BC1'), usweb.calls)).toEqual({
        kind: 'banner',
        items: [messages.login.technicalDifficulties],
      })
      const pl = fakeCalls({ lookup })
      expect(await identify(request('proliability', 'PL1'), pl.calls)).toEqual({
        kind: 'banner',
        items: [messages.login.somethingWentWrong],
      })
    }
  })

  it('tells pl an ineligible customer so, and only logs it in usweb', async () => {
    const pl = fakeCalls({ lookup: customer('ineligible') })
    expect(await identify(request('proliability', 'PL1'), pl.calls)).toEqual({
      kind: 'banner',
      items: [messages.registration.ineligible],
    })
    for (const eligibility of ['ineligible', 'brokerClient'] as const) {
      const usweb = fakeCalls({ lookup: customer(eligibility) })
      expect(await identify(request('cabar', 'CB1'), usweb.calls)).toEqual({ kind: 'stopped' })
      expect(usweb.logged).toHaveLength(1)
      expect(usweb.logged[0]).not.toContain('nico')
      expect(usweb.checks).toEqual([])
    }
  })

  it('stays on step 1 when an account exists', async () => {
    const fake = fakeCalls({
      existing: { kind: 'answered', status: 200, json: { body: { accountExists: true } } },
    })
    expect(await identify(request('bclip', 'BC1'), fake.calls)).toEqual({
      kind: 'banner',
      items: [messages.registration.accountExists],
    })
  })

  it('goes to register2 (usweb) or says it cannot process (pl) when the check errors', async () => {
    for (const existing of [
      refused(500),
      refused(400),
      { kind: 'failed', reason: 'transport' } as const,
    ]) {
      const usweb = fakeCalls({ existing })
      expect(await identify(request('bclip', 'BC1'), usweb.calls)).toEqual({ kind: 'register2' })
      const pl = fakeCalls({ existing })
      expect(await identify(request('proliability', 'PL1'), pl.calls)).toEqual({
        kind: 'banner',
        items: [messages.registration.unableToProcess],
      })
    }
    const limited = fakeCalls({ existing: refused(429, 'Wait.') })
    expect(await identify(request('bclip', 'BC1'), limited.calls)).toEqual({
      kind: 'banner',
      items: ['Wait.'],
    })
  })
})

describe('registration step 2', () => {
  const details = { membershipCd: 'M100', firstName: null, email: 'a@b.co', phone: '3125550101' }

  it('builds the account-creation request of spec §3', () => {
    expect(
      createUserRequestOf('pl', '110', details, { userName: 'new_user', password: 'Pass#2026' }),
    ).toEqual({
      userLoginNm: 'new_user',
      userPassword: 'Pass#2026',
      phoneNumber: '3125550101',
      appName: 'PROLIABILITY',
      membershipCd: 'M100',
      firstName: null,
      primaryEmailAddress: 'a@b.co',
      optLocVersionNo: '0',
      level1Org: '110',
    })
    expect(
      createUserRequestOf('usweb', '100', details, { userName: 'u', password: 'p' }).appName,
    ).toBe('USWEB')
  })

  it('goes to step 3 on SUCCESS and names every other return code', () => {
    const answered = (
      returnCode: 'SUCCESS' | 'USER_ALREADY_EXISTS' | 'ACCOUNT_EXISTS' | 'NOT_FOUND' | 'INELIGIBLE',
    ) => createOutcomeOf({ kind: 'answered', status: 200, json: { returnCode } })
    expect(answered('SUCCESS')).toEqual({ kind: 'created' })
    expect(answered('USER_ALREADY_EXISTS')).toEqual({
      kind: 'banner',
      items: [messages.registration.usernameTaken],
    })
    expect(answered('ACCOUNT_EXISTS')).toEqual({
      kind: 'banner',
      items: [messages.registration.accountExists],
    })
    for (const code of ['NOT_FOUND', 'INELIGIBLE'] as const) {
      expect(answered(code)).toEqual({
        kind: 'banner',
        items: [messages.registration.unableToProcess],
      })
    }
  })

  it('says it cannot process a failed call, but passes on a rate-limit message', () => {
    expect(createOutcomeOf({ kind: 'failed', reason: 'transport' })).toEqual({
      kind: 'banner',
      items: [messages.registration.unableToProcess],
    })
    expect(createOutcomeOf(refused(500))).toEqual({
      kind: 'banner',
      items: [messages.registration.unableToProcess],
    })
    expect(createOutcomeOf(refused(429, 'Wait.'))).toEqual({ kind: 'banner', items: ['Wait.'] })
  })
})
