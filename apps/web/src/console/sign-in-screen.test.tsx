// The support console's staff sign-in (issue 15): password, then the emailed code.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { consoleApiBase, consoleTexts } from '@portal/contract/console'
import { fakeService, heldAnswer, renderPortal } from '../test/render-portal.tsx'

const signIn = `POST ${consoleApiBase}/sign-in`
const notSignedIn = { [`GET ${consoleApiBase}/me`]: { status: 401, json: { message: 'No' } } }

async function openSignIn() {
  const view = renderPortal('/support-console/')
  await screen.findByRole('heading', { name: consoleTexts.signInHeading, level: 1 })
  return view
}

describe('staff sign-in', () => {
  it('shows the service’s refusal as an alert and empties the password', async () => {
    fakeService({
      ...notSignedIn,
      [signIn]: { status: 401, json: { message: 'The email or password is not correct.' } },
    })
    const { user } = await openSignIn()

    await user.type(screen.getByLabelText('Staff email address'), 'agent@example.com')
    const password = screen.getByLabelText('Password')
    await user.type(password, 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is not correct.',
    )
    expect(password).toHaveValue('')
  })

  it('holds Continue while the call runs, then asks for the emailed code', async () => {
    const held = heldAnswer()
    const service = fakeService({ ...notSignedIn, [signIn]: held.handler })
    const { user } = await openSignIn()

    await user.type(screen.getByLabelText('Staff email address'), ' agent@example.com ')
    await user.type(screen.getByLabelText('Password'), 'a-password')
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await user.click(continueButton)

    await waitFor(() => expect(continueButton).toBeDisabled())
    expect(service.callsTo(signIn)[0]?.body).toEqual({
      email: 'agent@example.com',
      password: 'a-password',
    })

    held.release({ json: { stage: 'code', message: 'We have emailed you a code.' } })
    const heading = await screen.findByRole('heading', { name: consoleTexts.codeHeading })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByText('We have emailed you a code.')).toBeVisible()
    const code = screen.getByLabelText('Code from the email')
    await user.type(code, '12a3456')
    expect(code).toHaveValue('123456')
  })
})
