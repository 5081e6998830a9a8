import { describe, expect, it } from 'vitest'
import { ConsoleReasonSchema, consoleTexts, isAllowed } from './console.ts'

describe('console roles (issue 15)', () => {
  it('lets agents look up, unlock and resend; admins also reset, revoke and manage staff', () => {
    for (const action of ['lookUp', 'unlock', 'resendUsername'] as const) {
      expect(isAllowed('agent', action)).toBe(true)
      expect(isAllowed('admin', action)).toBe(true)
    }
    for (const action of ['resetMfa', 'revokeSessions', 'manageStaff'] as const) {
      expect(isAllowed('agent', action)).toBe(false)
      expect(isAllowed('admin', action)).toBe(true)
    }
  })

  it('asks for a reason of at least five characters, trimmed', () => {
    expect(ConsoleReasonSchema.safeParse({ reason: '  ok  ' }).error?.issues[0]?.message).toBe(
      consoleTexts.reasonRequired,
    )
    expect(ConsoleReasonSchema.parse({ reason: ' Caller verified ' })).toEqual({
      reason: 'Caller verified',
    })
  })
})
