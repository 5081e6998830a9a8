// Spec §2 screen 12 (verificationinfostep3): the one-time code, judged first by the form
// (spec §5) and then by the service (spec §8 AUTHENTICATION_FAILED).
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, screenTexts, type CwMfaResponse } from '@portal/contract'
import { fakeService, heldAnswer, renderPortal } from '../../test/render-portal.tsx'

const enterCode = 'POST /api/mfa/enterverificationcode'

const answer = (statusCode: string, nextScreen: string): CwMfaResponse => ({
  statusCode,
  mfaStatusCode: null,
  mfaErrorCode: null,
  incidentID: null,
  contactDetails: null,
  nextScreen,
})

async function openCodeScreen() {
  const view = renderPortal('/usweb/verificationinfostep3')
  await screen.findByRole('heading', { name: screenTexts.mfa.enterCodeTitle, level: 1 })
  return view
}

describe('enter code (verification step 3)', () => {
  it('asks for the code received when what is typed is not six digits, without calling', async () => {
    const service = fakeService({ 'GET /api/mfa/getDetails': { status: 401 } })
    const { user } = await openCodeScreen()

    const code = screen.getByLabelText('Verification Code')
    await user.type(code, '12ab')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'))
    expect(code).toHaveAccessibleDescription(messages.validation.verificationCode)
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.validation.verificationCode)
    expect(service.callsTo(enterCode)).toHaveLength(0)
  })

  it('says the code was not correct when the service answers AUTHENTICATION_FAILED', async () => {
    const held = heldAnswer()
    const service = fakeService({
      'GET /api/mfa/getDetails': { status: 401 },
      [enterCode]: held.handler,
    })
    const { user } = await openCodeScreen()

    const code = screen.getByLabelText('Verification Code')
    await user.type(code, '123456')
    const submit = screen.getByRole('button', { name: 'Submit' })
    await user.click(submit)

    await waitFor(() => expect(submit.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'))
    expect(service.callsTo(enterCode)[0]?.body).toEqual({
      verificationCode: '123456',
      rememberDevice: false,
    })

    held.release({ json: answer('AUTHENTICATION_FAILED', 'verificationinfostep3') })
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.mfa.wrongCode)
    // A wrong code is typed again from an empty field.
    expect(code).toHaveValue('')
    expect(submit.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false')
  })

  it('keeps the digits of what is typed or pasted, at most six (issue 27)', async () => {
    fakeService({ 'GET /api/mfa/getDetails': { status: 401 } })
    const { user } = await openCodeScreen()

    const code = screen.getByLabelText('Verification Code')
    await user.click(code)
    await user.paste('123 456')
    expect(code).toHaveValue('123456')
    await user.clear(code)
    await user.type(code, '12a-34b 5678')
    expect(code).toHaveValue('123456')
  })

  it('marks the field after a wrong code and counts down the tries from the fourth (issue 27)', async () => {
    // The service's count: 3 tries left after this one, then 2.
    let left = 4
    fakeService({
      'GET /api/mfa/getDetails': { status: 401 },
      [enterCode]: () => {
        left -= 1
        return {
          json: { ...answer('AUTHENTICATION_FAILED', 'verificationinfostep3'), attemptsLeft: left },
        }
      },
    })
    const { user } = await openCodeScreen()
    const code = screen.getByLabelText('Verification Code')
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    const banner = await screen.findByRole('alert')
    expect(banner).not.toHaveTextContent(screenTexts.mfa.attemptsLeft(3))
    expect(screen.getByRole('link', { name: messages.mfa.wrongCode })).toHaveAttribute(
      'href',
      '#mfa-code-input',
    )
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(code).toHaveAccessibleDescription(screenTexts.mfa.codeNotAccepted)

    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You have 2 attempts left.'),
    )
    expect(screen.getByRole('alert')).toHaveTextContent(messages.mfa.wrongCode)
  })
})
