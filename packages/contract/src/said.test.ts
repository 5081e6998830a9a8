// Issue 42: a refused field's issue carries its text's key, given by the rule (`said`), in
// every language; the service answers with it, no English is looked up.
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { SaveCustomerSchema } from './api/account.ts'
import { enUS, esUS } from './texts/index.ts'
import { fieldRules, messageKeyOfIssue, newPasswordSchema, usernameLoginSchema } from './rules.ts'

const firstIssue = (result: { success: boolean; error?: { issues: object[] } }) =>
  result.error?.issues[0] ?? {}

describe('the field rules, by key', () => {
  it('give each issue the key of its text, beside the English', () => {
    const blank = usernameLoginSchema.safeParse(' ')
    expect(messageKeyOfIssue(firstIssue(blank))).toBe('login.usernameRequired')
    expect(blank.error?.issues[0]?.message).toBe(enUS.login.usernameRequired)
    const weak = newPasswordSchema.safeParse('password')
    expect(messageKeyOfIssue(firstIssue(weak))).toBe('validation.passwordPattern')
    const zip = SaveCustomerSchema.safeParse({
      caddr1: 'a',
      ccity: 'b',
      cstate: 'IL',
      postalcode: 'x',
    })
    expect(messageKeyOfIssue(firstIssue(zip))).toBe('account.zipCode')
  })

  it('give the same key in Spanish, the text in Spanish', () => {
    const rules = fieldRules(esUS)
    const email = z.safeParse(rules.email, 'not-an-email')
    expect(messageKeyOfIssue(firstIssue(email))).toBe('validation.email')
    expect(email.error?.issues[0]?.message).toBe(esUS.validation.email('not-an-email'))
    const code = z.safeParse(rules.verificationCode, '12')
    expect(messageKeyOfIssue(firstIssue(code))).toBe('validation.verificationCode')
    expect(code.error?.issues[0]?.message).toBe(esUS.validation.verificationCode)
  })
})
