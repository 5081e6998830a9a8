import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Session, SessionHandle } from '../../plugins/session.ts'
import type { AuditEntry } from '../../store/audit.repo.ts'
import { transitions, type SignInState } from './flow.ts'
import {
  applyOutcome,
  bindProgramCheck,
  endFlow,
  outcomeMoves,
  startFromPassword,
} from './sign-in.ts'

/**
 * A request's session as the session plugin keeps it, in memory: what each write did is
 * kept in `writes`, and the id changes on every rotation and start.
 */
class MemorySession {
  id = 1
  current: Session | null
  writes: {
    kind: 'start' | 'moveTo' | 'end' | 'endWhere'
    isRotated?: boolean
    audit?: AuditEntry
    stages?: readonly string[]
  }[] = []
  loads = 0

  constructor(session: Session | null) {
    this.current = session
  }

  handle(): Pick<SessionHandle, 'load' | 'start' | 'moveTo' | 'end' | 'endWhere' | 'seal'> {
    return {
      load: async () => {
        this.loads++
        return this.current && { ...this.current, data: { ...this.current.data } }
      },
      start: async (session, options = {}) => {
        if (options.insert && !(await options.insert({} as never))) return false
        this.current = session
        this.id++
        this.writes.push({ kind: 'start' })
        return true
      },
      moveTo: async (stage, data, { isRotated = false, audit } = {}) => {
        if (!this.current) throw new Error('no session to move')
        this.current = { ...this.current, stage, data }
        if (isRotated) this.id++
        this.writes.push({ kind: 'moveTo', isRotated, ...(audit ? { audit } : {}) })
        return true
      },
      end: async ({ audit } = {}) => {
        const hadSession = this.current !== null
        this.current = null
        this.writes.push({ kind: 'end', ...(audit ? { audit } : {}) })
        return hadSession
      },
      // The statement's conditions are held to account on both engines (test/signin/handoff.test.ts).
      endWhere: async (where, audit) => {
        const session = this.current
        if (!session || !where.stages.includes(session.stage)) return undefined
        this.current = null
        this.writes.push({ kind: 'endWhere', stages: where.stages, audit })
        return { session, user: { id: session.userId } as never }
      },
      seal: (value) => `sealed:${value}`,
    }
  }

  request(): FastifyRequest {
    return { session: this.handle() } as unknown as FastifyRequest
  }
}

const sessionAt = (stage: SignInState, data: Record<string, unknown> = {}): Session => ({
  userId: 7,
  program: 'bclip',
  stage,
  data: { level1Org: '100', handoffSecret: 'sealed:Portal#2026', ...data },
})

const audit: AuditEntry = { event: 'mfa.known_device', userId: 7 }
const bclipCustomer = { kprogName: 'bclip', status: 'a', custclass: null, taxId: null }

describe('the outcome → move table', () => {
  it('makes only moves that flow.ts allows from some state, or renews the session', () => {
    const known = new Set(Object.values(transitions).flatMap((moves) => Object.keys(moves)))
    for (const row of Object.values(outcomeMoves)) {
      for (const move of Object.values(row)) {
        expect(move === 'renewed' || known.has(move), move).toBe(true)
      }
    }
  })

  it('gives every second factor the row of a right code: passed and locked, nothing else', () => {
    const notFactors = ['decision', 'temporaryPassword', 'handoff', 'passwordChange']
    const factors = Object.entries(outcomeMoves).filter(([step]) => !notFactors.includes(step))
    expect(factors.map(([step]) => step)).toEqual(['code', 'passkey'])
    for (const [, row] of factors) {
      expect(row).toEqual({ passed: 'codePassed', locked: 'locked' })
    }
  })
})

describe('applyOutcome', () => {
  it('moves a decision on to its state, rotating the session only when nothing more is owed', async () => {
    const enrol = new MemorySession(sessionAt('mfa_pending'))
    expect(await applyOutcome(enrol.request(), { step: 'decision', kind: 'enrol' })).toBe(
      'enrolling',
    )
    expect(enrol.writes).toEqual([{ kind: 'moveTo', isRotated: false }])
    expect(enrol.id).toBe(1)

    const known = new MemorySession(sessionAt('mfa_pending'))
    await applyOutcome(known.request(), { step: 'decision', kind: 'passed', audit })
    expect(known.current?.stage).toBe('authenticated')
    expect(known.writes).toEqual([{ kind: 'moveTo', isRotated: true, audit }])
    // A known device is not a factor proven in this sign-in.
    expect(known.current?.data.isCodePassed).toBeUndefined()
  })

  it('passes a factor by a code or a passkey alike: authenticated, rotated, the factor kept', async () => {
    for (const step of ['code', 'passkey'] as const) {
      const held = new MemorySession(sessionAt('challenged', { signInId: 'abc' }))
      expect(await applyOutcome(held.request(), { step, kind: 'passed' })).toBe('authenticated')
      expect(held.current?.data).toMatchObject({ isCodePassed: true, signInId: 'abc' })
      expect(held.id).toBe(2)
    }
  })

  it('moves nothing for a wrong try, and does not even read the session', async () => {
    const held = new MemorySession(sessionAt('challenged'))
    expect(await applyOutcome(held.request(), { step: 'code', kind: 'continue' })).toBeUndefined()
    expect(held.loads).toBe(0)
    expect(held.writes).toEqual([])
  })

  it('ends the sign-in on a lock, and on the hand-off with its audit row', async () => {
    const locked = new MemorySession(sessionAt('enrolling'))
    expect(await applyOutcome(locked.request(), { step: 'passkey', kind: 'locked' })).toBe('ended')
    expect(locked.current).toBeNull()

    // The hand-off ends it by one statement, from the states the table allows handedOff from.
    const handedOff = new MemorySession(sessionAt('authenticated'))
    await endFlow(handedOff.request(), { step: 'handoff', kind: 'issued', audit }, new Map())
    expect(handedOff.writes).toEqual([{ kind: 'endWhere', stages: ['authenticated'], audit }])
  })

  it('ends a temporary-password sign-in only when the password was replaced', async () => {
    const kept = new MemorySession(sessionAt('password_change_required'))
    await applyOutcome(kept.request(), { step: 'temporaryPassword', kind: 'kept' })
    expect(kept.current?.stage).toBe('password_change_required')
    const replaced = new MemorySession(sessionAt('password_change_required'))
    await applyOutcome(replaced.request(), { step: 'temporaryPassword', kind: 'replaced' })
    expect(replaced.current).toBeNull()
  })

  it('refuses (409) a move the flow does not allow from where the session stands', async () => {
    const early = new MemorySession(sessionAt('mfa_pending'))
    await expect(applyOutcome(early.request(), { step: 'code', kind: 'passed' })).rejects.toThrow(
      expect.objectContaining({ statusCode: 409 }),
    )
    expect(early.current?.stage).toBe('mfa_pending')
    const none = new MemorySession(null)
    await expect(
      endFlow(none.request(), { step: 'handoff', kind: 'issued', audit }, new Map()),
    ).rejects.toThrow(expect.objectContaining({ statusCode: 401 }))
  })

  it('renews the session after a password change where it stands, the hand-off carrying the new password', async () => {
    const held = new MemorySession(sessionAt('authenticated', { isCodePassed: true }))
    const newPassword = 'Portal#2027'
    expect(
      await applyOutcome(held.request(), { step: 'passwordChange', kind: 'changed', newPassword }),
    ).toBe('authenticated')
    expect(held.writes).toEqual([{ kind: 'start' }])
    expect(held.current).toMatchObject({
      stage: 'authenticated',
      data: { isCodePassed: true, handoffSecret: 'sealed:Portal#2027' },
    })
  })
})

describe('startFromPassword', () => {
  const user = { id: 7, program: 'bclip' }
  const signedIn = { user, customer: bclipCustomer, isPasswordChangeRequired: false }

  it('leaves the usweb program to be checked, keeping the door and the sealed password', async () => {
    const held = new MemorySession(null)
    const step = { door: '100', password: 'Portal#2026', isProgramFixed: false }
    expect(await startFromPassword(held.request(), step)(signedIn)).toBe(true)
    expect(held.current).toEqual({
      userId: 7,
      program: 'bclip',
      stage: 'program_pending',
      data: { level1Org: '100', handoffSecret: 'sealed:Portal#2026' },
    })
  })

  it('binds the verdict where the login page fixes the program (pl)', async () => {
    const pl = { id: 8, program: 'proliability' }
    const step = { door: '110', password: 'Portal#2026', isProgramFixed: true }
    const allowed = new MemorySession(null)
    await startFromPassword(
      allowed.request(),
      step,
    )({
      user: pl,
      customer: { kprogName: 'proliability' },
      isPasswordChangeRequired: false,
    })
    expect(allowed.current?.stage).toBe('mfa_pending')
    expect(allowed.current?.data.programCheck).toMatchObject({
      program: 'proliability',
      verdict: 'allowed',
    })
    // No record: a mismatch, and nothing kept for a hand-off that cannot come.
    const blocked = new MemorySession(null)
    await startFromPassword(
      blocked.request(),
      step,
    )({
      user: pl,
      customer: undefined,
      isPasswordChangeRequired: false,
    })
    expect(blocked.current?.stage).toBe('blocked')
    expect(blocked.current?.data).not.toHaveProperty('handoffSecret')
  })

  it('keeps no password for a sign-in that must change it first', async () => {
    const held = new MemorySession(null)
    const step = { door: '100', password: 'Temp#2026x', isProgramFixed: false }
    await startFromPassword(held.request(), step)({ ...signedIn, isPasswordChangeRequired: true })
    expect(held.current?.stage).toBe('password_change_required')
    expect(held.current?.data).not.toHaveProperty('handoffSecret')
  })

  it('starts nothing when the statement that records the sign-in wrote nothing', async () => {
    const held = new MemorySession(null)
    const step = { door: '100', password: 'Portal#2026', isProgramFixed: false }
    expect(await startFromPassword(held.request(), step)(signedIn, async () => false)).toBe(false)
    expect(held.current).toBeNull()
  })
})

describe('bindProgramCheck', () => {
  it('binds the verdict once and moves the flow past the program check', async () => {
    const held = new MemorySession(sessionAt('program_pending'))
    const session = sessionAt('program_pending')
    const bound = await bindProgramCheck(held.request(), session, 'bclip', bclipCustomer)
    expect(bound).toEqual({
      check: { program: 'bclip', verdict: 'allowed', association: expect.any(String) },
      isRecordShown: false,
    })
    expect(held.current?.stage).toBe('mfa_pending')
    expect(held.current?.data.programCheck).toEqual(bound.check)
  })

  it('blocks a sign-in whose password came through another program door', async () => {
    const held = new MemorySession(sessionAt('program_pending', { level1Org: '200' }))
    const session = sessionAt('program_pending', { level1Org: '200' })
    const { check } = await bindProgramCheck(held.request(), session, 'bclip', bclipCustomer)
    expect(check.verdict).toBe('mismatch')
    expect(held.current?.stage).toBe('blocked')
  })

  it('answers later lookups from the bound check, for its program only; the record after the factor', async () => {
    const programCheck = { program: 'bclip', verdict: 'allowed', association: 'NA' }
    const session = sessionAt('authenticated', { programCheck })
    const held = new MemorySession(session)
    expect(await bindProgramCheck(held.request(), session, 'bclip', bclipCustomer)).toEqual({
      check: programCheck,
      isRecordShown: true,
    })
    expect(held.writes).toEqual([])
    await expect(
      bindProgramCheck(held.request(), session, 'fidbond', bclipCustomer),
    ).rejects.toThrow(expect.objectContaining({ statusCode: 403 }))
  })
})
