import { describe, expect, it } from 'vitest'
import { codeChannels, recoveryCoolingOffMs, type CodeChannelFacts } from './code-channels.ts'

const now = new Date(Date.now())
const earlier = new Date(now.getTime() - 3_600_000)
const facts = (over: Partial<CodeChannelFacts> = {}): CodeChannelFacts => ({
  provenAt: { email: earlier, sms: earlier },
  hasPassedCode: true,
  isTrusted: { email: true, sms: true },
  isReconfirmationRequired: false,
  isChallenge: true,
  recoveredVia: null,
  recoveredAt: null,
  ...over,
})

describe('where a verification code may go', () => {
  it('sends a challenge to either proven contact', () => {
    expect(codeChannels(facts(), now)).toEqual({
      refusal: { email: null, sms: null },
      recentRecoveryBy: null,
    })
  })

  it('sends a new account its first code only to a contact on the record (H2)', () => {
    const first = facts({
      provenAt: { email: null, sms: null },
      hasPassedCode: false,
      isTrusted: { email: true, sms: false },
      isChallenge: false,
    })
    expect(codeChannels(first, now).refusal).toEqual({ email: null, sms: 'notOnRecord' })
  })

  it('keeps codes to proven contacts after a reset or an unlock, even while enrolling (R1)', () => {
    const unlocked = facts({
      provenAt: { email: earlier, sms: null },
      isChallenge: false,
      isReconfirmationRequired: true,
    })
    expect(codeChannels(unlocked, now).refusal).toEqual({ email: null, sms: 'notProven' })
  })

  it('lets an enrolling account prove its second contact once one is proven', () => {
    const halfway = facts({ provenAt: { email: earlier, sms: null }, isChallenge: false })
    expect(codeChannels(halfway, now).refusal).toEqual({ email: null, sms: null })
  })

  it('turns the code away from the recovery channel for a day when the other is proven (M9)', () => {
    const recovered = facts({ recoveredVia: 'email', recoveredAt: earlier })
    expect(codeChannels(recovered, now)).toEqual({
      refusal: { email: 'afterRecovery', sms: null },
      recentRecoveryBy: 'email',
    })
    const bySms = facts({ recoveredVia: 'sms', recoveredAt: earlier })
    expect(codeChannels(bySms, now).refusal).toEqual({ email: null, sms: 'afterRecovery' })
  })

  it('leaves the recovery channel open when the member has no other proven contact', () => {
    const emailOnly = facts({
      provenAt: { email: earlier, sms: null },
      recoveredVia: 'email',
      recoveredAt: earlier,
    })
    expect(codeChannels(emailOnly, now)).toEqual({
      refusal: { email: null, sms: 'notProven' },
      recentRecoveryBy: null,
    })
  })

  it('ends the cooling-off a day after the recovery', () => {
    const dayAgo = new Date(now.getTime() - recoveryCoolingOffMs)
    const recovered = facts({ recoveredVia: 'email', recoveredAt: dayAgo })
    expect(codeChannels(recovered, now).refusal.email).toBeNull()
  })

  it('holds an account that passed a code before to its new contacts, not to the record', () => {
    const moved = facts({
      provenAt: { email: null, sms: null },
      isTrusted: { email: false, sms: false },
      isChallenge: false,
    })
    expect(codeChannels(moved, now).refusal).toEqual({ email: null, sms: null })
  })
})
