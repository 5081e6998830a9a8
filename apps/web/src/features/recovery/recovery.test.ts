import { describe, expect, it } from 'vitest'
import { messages, programOf, type ContactLookupResponse } from '@portal/contract'
import type { CallResult } from '../../lib/api/api-client.ts'
import {
  deliveryStepSearchOf,
  firstPageModeOf,
  isChoiceMissing,
  recoveryKeyOf,
  recoveryPlanOf,
  recoveryValueProblem,
} from './recovery-input.ts'
import {
  deliveryOptionsOf,
  lookupOutcomeOf,
  sendOutcomeOf,
  statusMessageOf,
} from './recovery-outcome.ts'

const bclip = programOf('bclip')
const augustar = programOf('augustar')

const answer = (message: string) =>
  ({ kind: 'answered', status: 200, json: { status: message === 'Success', message } }) as const
const contacts = (
  message: string,
  email: string | null = 'd***@example.com',
  phone: string | null = '***-***-0101',
): CallResult<ContactLookupResponse> => ({
  kind: 'answered',
  status: 200,
  json: { status: message === 'Success', message, email, phone },
})

describe('recovery answers', () => {
  it('goes on for Success', () => {
    expect(sendOutcomeOf(answer('Success'), 'usweb')).toEqual({ kind: 'sent' })
    expect(lookupOutcomeOf(contacts('Success'), 'pl', 'customerNumber')).toEqual({
      kind: 'found',
      contacts: { email: 'd***@example.com', phone: '***-***-0101' },
    })
  })

  it('names multiple accounts, and no accounts for No Accounts and Data Not Found', () => {
    for (const flavour of ['usweb', 'pl'] as const) {
      expect(sendOutcomeOf(answer('Multiple Accounts'), flavour)).toEqual({
        kind: 'banner',
        message: messages.recovery.multipleAccounts,
      })
      expect(sendOutcomeOf(answer('Data Not Found'), flavour)).toEqual({
        kind: 'banner',
        message: messages.recovery.noAccounts,
      })
      expect(lookupOutcomeOf(contacts('No Accounts'), flavour, 'customerNumber')).toEqual({
        kind: 'banner',
        message: messages.recovery.noAccounts,
      })
      expect(lookupOutcomeOf(contacts('Multiple Accounts'), flavour, 'customerNumber')).toEqual({
        kind: 'banner',
        message: messages.recovery.multipleAccounts,
      })
    }
    expect(sendOutcomeOf(answer('No Accounts'), 'usweb')).toEqual({
      kind: 'banner',
      message: messages.recovery.noAccounts,
    })
  })

  it("answers pl's sending calls' No Accounts with the technical-difficulties message", () => {
    expect(sendOutcomeOf(answer('No Accounts'), 'pl')).toEqual({
      kind: 'banner',
      message: messages.login.technicalDifficulties,
    })
    expect(statusMessageOf('No Accounts', 'pl', { kind: 'lookup', by: 'username' })).toBe(
      messages.recovery.noAccounts,
    )
  })

  it("checks pl's by-username lookup against the misspelt 'Mulitple Accounts' (spec §8)", () => {
    expect(statusMessageOf('Mulitple Accounts', 'pl', { kind: 'lookup', by: 'username' })).toBe(
      messages.recovery.multipleAccounts,
    )
    expect(statusMessageOf('Multiple Accounts', 'pl', { kind: 'lookup', by: 'username' })).toBe(
      messages.login.somethingWentWrong,
    )
    expect(statusMessageOf('Multiple Accounts', 'usweb', { kind: 'lookup', by: 'username' })).toBe(
      messages.recovery.multipleAccounts,
    )
    expect(statusMessageOf('Mulitple Accounts', 'usweb', { kind: 'send' })).toBe(
      messages.login.technicalDifficulties,
    )
  })

  it("gives failed calls the flavour's failure text, and passes on 429 and 400 messages", () => {
    expect(sendOutcomeOf({ kind: 'failed', reason: 'transport' }, 'usweb')).toEqual({
      kind: 'banner',
      message: messages.login.technicalDifficulties,
    })
    expect(
      lookupOutcomeOf({ kind: 'refused', status: 500, message: 'x' }, 'pl', 'username'),
    ).toEqual({
      kind: 'banner',
      message: messages.login.somethingWentWrong,
    })
    expect(sendOutcomeOf({ kind: 'refused', status: 429, message: 'Wait.' }, 'pl')).toEqual({
      kind: 'banner',
      message: 'Wait.',
    })
    expect(sendOutcomeOf({ kind: 'refused', status: 400, message: 'Bad.' }, 'usweb')).toEqual({
      kind: 'banner',
      message: 'Bad.',
    })
  })

  it('offers only the contacts on file', () => {
    expect(deliveryOptionsOf({ email: 'a***@b.co', phone: '***-***-0101' })).toEqual([
      { method: 'email', masked: 'a***@b.co' },
      { method: 'sms', masked: '***-***-0101' },
    ])
    expect(deliveryOptionsOf({ email: null, phone: '***-***-0101' })).toEqual([
      { method: 'sms', masked: '***-***-0101' },
    ])
    expect(deliveryOptionsOf({ email: null, phone: null })).toEqual([])
  })
})

describe('recovery input', () => {
  it('wants both a method and a value', () => {
    expect(isChoiceMissing('', 'a@b.co')).toBe(true)
    expect(isChoiceMissing('email', '  ')).toBe(true)
    expect(isChoiceMissing('email', 'a@b.co')).toBe(false)
  })

  it('judges the value by the chosen option', () => {
    expect(recoveryValueProblem('email', 'a@b.co', bclip)).toBeUndefined()
    expect(recoveryValueProblem('email', 'nope', bclip)).toBe(messages.validation.email('nope'))
    expect(recoveryValueProblem('mobile', '312-555-0101', bclip)).toBeUndefined()
    expect(recoveryValueProblem('mobile', '312-555', bclip)).toBe(messages.validation.mobile)
    expect(recoveryValueProblem('customerNumber', 'BC10001', bclip)).toBeUndefined()
    expect(recoveryValueProblem('customerNumber', 'BC-1', bclip)).toBe(
      messages.validation.accountNumber,
    )
    expect(recoveryValueProblem('customerNumber', '100002', augustar)).toBeUndefined()
    expect(recoveryValueProblem('customerNumber', 'ASF100002', augustar)).toBe(
      messages.validation.agentNumber,
    )
    expect(recoveryValueProblem('username', 'bclip.demo', bclip)).toBeUndefined()
    expect(recoveryValueProblem('username', 'short', bclip)).toBe(
      messages.validation.usernamePattern,
    )
    expect(recoveryValueProblem('username', 'has space', bclip)).toBe(
      messages.validation.usernamePattern,
    )
  })

  it('sends email and mobile directly, and looks numbers and usernames up first', () => {
    expect(recoveryPlanOf('email', ' a@b.co ', bclip)).toEqual({
      kind: 'send',
      deliveryMethod: 'email',
      emailAddress: 'a@b.co',
    })
    expect(recoveryPlanOf('mobile', '312-555-0101', bclip)).toEqual({
      kind: 'send',
      deliveryMethod: 'sms',
      phoneNumber: '3125550101',
    })
    expect(recoveryPlanOf('customerNumber', '100002', augustar)).toEqual({
      kind: 'lookup',
      key: { by: 'customerNumber', custNum: 'ASF100002' },
    })
    expect(recoveryPlanOf('username', 'bclip_demo', bclip)).toEqual({
      kind: 'lookup',
      key: { by: 'username', username: 'bclip_demo' },
    })
  })

  it('carries the key to step 2 in the address and reads it back', () => {
    const byNumber = { by: 'customerNumber', custNum: 'ASF100002' } as const
    const byName = { by: 'username', username: 'bclip_demo' } as const
    expect(deliveryStepSearchOf(byNumber)).toBe('?custNum=ASF100002')
    expect(deliveryStepSearchOf(byName)).toBe('?username=bclip_demo')
    expect(recoveryKeyOf('username', new URLSearchParams('custNum=ASF100002'))).toEqual(byNumber)
    expect(recoveryKeyOf('password', new URLSearchParams('username=bclip_demo'))).toEqual(byName)
    // Username recovery has no username step; broken or missing keys name nothing.
    expect(recoveryKeyOf('username', new URLSearchParams('username=bclip_demo'))).toBeNull()
    expect(recoveryKeyOf('password', new URLSearchParams('custNum=BC-1'))).toBeNull()
    expect(recoveryKeyOf('password', new URLSearchParams(''))).toBeNull()
  })

  it('names the first page mode sendOTPToContactInfo expects', () => {
    expect(firstPageModeOf({ by: 'customerNumber', custNum: 'ASF100002' }, augustar)).toBe(
      'agentNumber',
    )
    expect(firstPageModeOf({ by: 'customerNumber', custNum: 'BC10001' }, bclip)).toBe(
      'accountNumber',
    )
    expect(firstPageModeOf({ by: 'username', username: 'bclip_demo' }, bclip)).toBe('username')
  })
})
