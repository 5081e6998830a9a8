// Spec §2 screen 11 (verificationinfostep1): where the one-time code goes, with the contacts
// on file shown masked and Continue held until a choice is made.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, screenTexts, type CwMfaResponse } from '@portal/contract'
import { fakeService, heldAnswer, renderPortal } from '../../test/render-portal.tsx'

const details = {
  userName: 'dana_member',
  emailAddress: 'dana.o@example.com',
  typeOfEmailAddress: 'Personal',
  phoneNumber: '312-555-0101',
  typeOfPhoneNumber: 'Personal',
  geoCountryId: 'United States',
}

const answer = (statusCode: string, nextScreen: string): CwMfaResponse => ({
  statusCode,
  mfaStatusCode: null,
  mfaErrorCode: null,
  incidentID: null,
  contactDetails: null,
  nextScreen,
})

describe('choose delivery (verification step 1)', () => {
  it('offers each contact on file masked, and holds Continue until one is chosen', async () => {
    fakeService({ 'GET /api/mfa/getDetails': { json: details } })
    const { user } = renderPortal('/usweb/verificationinfostep1')
    await screen.findByRole('heading', { name: screenTexts.mfa.chooseDeliveryTitle, level: 1 })

    const group = await screen.findByRole('group', { name: 'Send my code by' })
    const email = await within(group).findByRole('radio', { name: /^Email/ })
    const mobile = within(group).getByRole('radio', { name: /^Mobile/ })
    // (jsdom's name computation drops the space between the two inline parts of the label.)
    expect(email).toHaveAccessibleName(/^Email\s?d\*\*\*@example\.com$/)
    expect(mobile).toHaveAccessibleName(/^Mobile\s?\*\*\*-\*\*\*-0101$/)
    // Nothing of the contacts is shown whole.
    expect(screen.queryByText(/dana\.o@example\.com|555-0101/)).toBeNull()

    const continueButton = screen.getByRole('button', { name: 'Continue' })
    expect(continueButton).toBeDisabled()
    expect(continueButton).toHaveAccessibleDescription(messages.validation.deliveryMethod)

    await user.click(mobile)
    expect(continueButton).toBeEnabled()
    expect(screen.queryByText(messages.validation.deliveryMethod)).toBeNull()
  })

  it('sends the code by the chosen method, busy meanwhile, and goes on to the code', async () => {
    const held = heldAnswer()
    const service = fakeService({
      'GET /api/mfa/getDetails': { json: details },
      'POST /api/mfa/submitVerification': held.handler,
    })
    const { user } = renderPortal('/usweb/verificationinfostep1')

    await user.click(await screen.findByRole('radio', { name: /^Mobile/ }))
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await user.click(continueButton)

    await waitFor(() =>
      expect(continueButton.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'),
    )
    expect(service.callsTo('POST /api/mfa/submitVerification')[0]?.body).toEqual({
      rgValue: 'sms',
    })

    held.release({ json: answer('SUCCESS', 'verificationinfostep3') })
    expect(
      await screen.findByRole('heading', { name: screenTexts.mfa.enterCodeTitle, level: 1 }),
    ).toBeVisible()
    expect(screen.getByText(screenTexts.mfa.codeSent('mobile'))).toBeVisible()
  })

  it('shows the failure message when the details cannot be had', async () => {
    fakeService({ 'GET /api/mfa/getDetails': { status: 500, json: { message: 'boom' } } })
    renderPortal('/usweb/verificationinfostep1')
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.login.technicalDifficulties)
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
  })
})

describe('choose delivery after a recovery (issue 32)', () => {
  it('offers only the other channel and says why', async () => {
    fakeService({
      'GET /api/mfa/getDetails': {
        json: { ...details, emailAddress: null, recentRecoveryBy: 'email' },
      },
    })
    renderPortal('/usweb/verificationinfostep1')
    await screen.findByText(screenTexts.mfa.recentRecovery('email'))
    const group = await screen.findByRole('group', { name: 'Send my code by' })
    expect(within(group).getAllByRole('radio')).toHaveLength(1)
    expect(within(group).getByRole('radio', { name: /^Mobile/ })).toBeInTheDocument()
  })
})
