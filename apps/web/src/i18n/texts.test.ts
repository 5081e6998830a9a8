import { describe, expect, it, vi } from 'vitest'
import { flavours, flavourNames, messages as messagesEn } from '@portal/contract'
import { contractTextsEs } from '@portal/contract/i18n'
import { failureTextKeyOf } from './texts.ts'

describe('the failure text of each flavour', () => {
  it("names the flavour table's key (spec §8)", () => {
    for (const flavour of flavourNames) {
      expect(failureTextKeyOf[flavour]).toBe(flavours[flavour].failureText)
    }
  })
})

describe("the service's answers in the active language (issue 42)", () => {
  it('are read by their key, a wait for a new code with its seconds, never by their English', async () => {
    // The set-up has loaded English: a fresh instance of the texts, in Spanish.
    vi.resetModules()
    const { loadAllTexts, loadLocale, serviceAnswerText } = await import('./texts.ts')
    await loadLocale('es-US')
    await loadAllTexts()
    const { service, throttle } = contractTextsEs.messages
    expect(
      serviceAnswerText({
        message: messagesEn.service.unknownProgram,
        messageKey: 'service.unknownProgram',
      }),
    ).toBe(service.unknownProgram)
    expect(
      serviceAnswerText({
        message: messagesEn.throttle.waitForNewCode(42),
        messageKey: 'throttle.waitForNewCode',
        retryAfterSeconds: 42,
      }),
    ).toBe(throttle.waitForNewCode(42))
    // Without a key, or with one the catalogue does not hold (the console's), as sent.
    const english = messagesEn.service.unknownProgram
    expect(serviceAnswerText({ message: english })).toBe(english)
    expect(
      serviceAnswerText({
        message: 'Your role does not allow this action.',
        messageKey: 'console.notAllowed',
      }),
    ).toBe('Your role does not allow this action.')
    expect(serviceAnswerText({ message: 'x', messageKey: 'service.toString' })).toBe('x')
  })
})
