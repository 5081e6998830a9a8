import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import { tempPasswordOutcomeOf } from './temp-password-outcome.ts'

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
