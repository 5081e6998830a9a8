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

describe('the lock’s cause (review problem 14)', () => {
  const time = 'Nov 24, 2026, 10:06 AM CST'
  it('says what locked the account and when', () => {
    expect(consoleTexts.lockCause({ cause: 'codes', attempts: 6, at: 'x' }, time)).toBe(
      'after 6 wrong codes on Nov 24, 2026, 10:06 AM CST',
    )
    expect(consoleTexts.lockCause({ cause: 'passwords', attempts: 3, at: 'x' }, time)).toBe(
      'after 3 wrong passwords on Nov 24, 2026, 10:06 AM CST',
    )
  })

  it('leaves out what the service does not know', () => {
    expect(consoleTexts.lockCause({ cause: 'codes', attempts: 6, at: null }, null)).toBe(
      'after 6 wrong codes',
    )
    expect(consoleTexts.lockCause({ cause: 'unknown', attempts: null, at: null }, null)).toBe('')
  })
})
