import { describe, expect, it } from 'vitest'
import { codeChannels, isDeadEnd, type CodeChannelFacts } from './code-channels.ts'

const earlier = new Date(0)
const facts = (over: Partial<CodeChannelFacts> = {}): CodeChannelFacts => ({
  provenAt: { email: earlier, sms: earlier },
  hasPassedCode: true,
  isTrusted: { email: true, sms: true },
  isReconfirmationRequired: false,
  isChallenge: true,
  recoveredVia: null,
  ...over,
})

describe('where a verification code may go', () => {
  it('sends a challenge to either proven contact', () => {
    expect(codeChannels(facts())).toEqual({
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
    expect(codeChannels(first).refusal).toEqual({ email: null, sms: 'notOnRecord' })
  })

  it('keeps codes to proven contacts after a reset or an unlock, even while enrolling (R1)', () => {
    const unlocked = facts({
      provenAt: { email: earlier, sms: null },
      isTrusted: { email: true, sms: false },
      isChallenge: false,
      isReconfirmationRequired: true,
    })
    expect(codeChannels(unlocked).refusal).toEqual({ email: null, sms: 'notProven' })
  })

  it('lets an enrolling account prove its second contact once one is proven', () => {
    const halfway = facts({ provenAt: { email: earlier, sms: null }, isChallenge: false })
    expect(codeChannels(halfway).refusal).toEqual({ email: null, sms: null })
  })

  it('turns the code away from the recovery channel when the other is proven (M9)', () => {
    const recovered = facts({ recoveredVia: 'email' })
    expect(codeChannels(recovered)).toEqual({
      refusal: { email: 'afterRecovery', sms: null },
      recentRecoveryBy: 'email',
    })
    const bySms = facts({ recoveredVia: 'sms' })
    expect(codeChannels(bySms).refusal).toEqual({ email: null, sms: 'afterRecovery' })
  })

  it('sends the code to the number on the record when the member never proved the phone (M9)', () => {
    const emailOnly = facts({
      provenAt: { email: earlier, sms: null },
      isTrusted: { email: true, sms: true },
      isChallenge: false,
      recoveredVia: 'email',
    })
    expect(codeChannels(emailOnly)).toEqual({
      refusal: { email: 'afterRecovery', sms: null },
      recentRecoveryBy: 'email',
    })
    // Also after a lock and a reset, when the proven contacts are bound otherwise.
    const unlocked = facts({ ...emailOnly, isReconfirmationRequired: true })
    expect(codeChannels(unlocked).refusal).toEqual({ email: 'afterRecovery', sms: null })
  })

  it('sends the code nowhere when the other channel is neither proven nor on file (M9)', () => {
    const nowhere = facts({
      provenAt: { email: earlier, sms: null },
      isTrusted: { email: true, sms: false },
      isChallenge: false,
      recoveredVia: 'email',
    })
    const channels = codeChannels(nowhere)
    expect(channels.refusal).toEqual({ email: 'afterRecovery', sms: 'notOnRecord' })
    expect(isDeadEnd(channels)).toBe(true)
    expect(isDeadEnd(codeChannels(facts({ recoveredVia: 'email' })))).toBe(false)
  })

  it('keeps a new account to the record on the recovery channel too', () => {
    const first = facts({
      provenAt: { email: null, sms: null },
      hasPassedCode: false,
      isTrusted: { email: false, sms: true },
      isChallenge: false,
      recoveredVia: 'email',
    })
    expect(codeChannels(first).refusal).toEqual({ email: 'notOnRecord', sms: null })
  })

  it('holds an account that passed a code before to its new contacts, not to the record', () => {
    const moved = facts({
      provenAt: { email: null, sms: null },
      isTrusted: { email: false, sms: false },
      isChallenge: false,
    })
    expect(codeChannels(moved).refusal).toEqual({ email: null, sms: null })
  })
})
