import { describe, expect, it } from 'vitest'
import { initialState, nextState, signInStates, transitions } from './flow.ts'

describe('the sign-in flow table', () => {
  it('leads only to known states, or to the end', () => {
    for (const moves of Object.values(transitions)) {
      for (const to of Object.values(moves)) {
        expect([...signInStates, 'ended']).toContain(to)
      }
    }
  })

  it('lets nothing out of a blocked sign-in, and nothing skip the second factor', () => {
    expect(transitions.blocked).toEqual({})
    for (const from of ['program_pending', 'password_change_required'] as const) {
      expect(Object.values(transitions[from])).not.toContain('authenticated')
    }
    expect(nextState('program_pending', 'codePassed')).toBeUndefined()
    expect(nextState('mfa_pending', 'codePassed')).toBeUndefined()
    expect(nextState('challenged', 'enrolmentRequired')).toBeUndefined()
    expect(nextState('authenticated', 'enrolmentRequired')).toBeUndefined()
    expect(nextState('challenged', 'codePassed')).toBe('authenticated')
    expect(nextState('authenticated', 'handedOff')).toBe('ended')
  })

  it('starts where the password step leaves it', () => {
    expect(initialState({ isPasswordChangeRequired: true, verdict: 'allowed' })).toBe(
      'password_change_required',
    )
    expect(initialState({ isPasswordChangeRequired: false })).toBe('program_pending')
    expect(initialState({ isPasswordChangeRequired: false, verdict: 'allowed' })).toBe(
      'mfa_pending',
    )
    expect(initialState({ isPasswordChangeRequired: false, verdict: 'mismatch' })).toBe('blocked')
  })
})
