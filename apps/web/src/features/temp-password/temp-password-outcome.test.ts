import { describe, expect, it } from 'vitest'
import { messages, passwordScore } from '@portal/contract'
import {
  confirmationProblem,
  newPasswordProblem,
  tempPasswordOutcomeOf,
} from './temp-password-outcome.ts'

const response = (
  passwordUpdated: boolean,
  temporaryPasswordFlagUpdated: boolean,
  matchesPreviousEightPasswords: boolean,
) => ({
  kind: 'answered' as const,
  response: { passwordUpdated, temporaryPasswordFlagUpdated, matchesPreviousEightPasswords },
})

describe('temporary-password update outcome', () => {
  it('goes to the success screen when the flag was cleared', () => {
    expect(tempPasswordOutcomeOf(response(true, true, false))).toEqual({ kind: 'updated' })
  })

  it('says login is not possible when the password changed but the flag stayed', () => {
    expect(tempPasswordOutcomeOf(response(true, false, false))).toEqual({
      kind: 'message',
      message: messages.tempPassword.updatedButCannotLogin,
    })
  })

  it('says the password matches one of the previous eight', () => {
    expect(tempPasswordOutcomeOf(response(false, false, true))).toEqual({
      kind: 'message',
      message: messages.tempPassword.matchesPrevious,
    })
  })

  it('says the update failed for any other answer and for a failed call', () => {
    for (const answer of [response(false, false, false), { kind: 'failed' as const }]) {
      expect(tempPasswordOutcomeOf(answer)).toEqual({
        kind: 'message',
        message: messages.tempPassword.unableToUpdate,
      })
    }
  })
})

describe('new password checks', () => {
  it('asks for a password, then 8 characters, then all five rules', () => {
    expect(newPasswordProblem('')).toBe(messages.validation.passwordRequired)
    expect(newPasswordProblem('Ab#1')).toBe(messages.validation.passwordMinLength)
    expect(newPasswordProblem('abcdefgh1')).toBe(messages.validation.passwordPattern)
    expect(newPasswordProblem('abcd efg#1')).toBe(messages.validation.passwordPattern)
  })

  it('accepts a password only at strength score 5', () => {
    expect(passwordScore('NewPass#Quartz27')).toBe(5)
    expect(newPasswordProblem('NewPass#Quartz27')).toBeUndefined()
  })

  it('wants the confirmation to equal the password exactly', () => {
    expect(confirmationProblem('NewPass#Quartz27', 'NewPass#Quartz27')).toBeUndefined()
    expect(confirmationProblem('NewPass#Quartz27', 'newpass#2027')).toBe(
      messages.tempPassword.confirmMismatch,
    )
    expect(confirmationProblem('NewPass#Quartz27', '')).toBe(messages.tempPassword.confirmMismatch)
  })
})
