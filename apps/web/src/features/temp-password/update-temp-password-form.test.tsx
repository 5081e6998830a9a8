// Spec §2 screen 15, §4 "Temporary-password update outcomes" and §5: the forced password
// update after signing in with a temporary password.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  authMessages,
  messages,
  portalFormTextsEn,
  screenTexts,
  strengthLevels,
} from '@portal/contract'
import {
  fakeService,
  heldAnswer,
  renderPortal,
  type FakeAnswer,
} from '../../test/render-portal.tsx'

const update = 'POST /api/us-web-authentication/updateTempPassword'
const newPassword = 'Tarn#Pebble9'

/** Signs in with a temporary password; the portal then asks for a new one. */
async function openUpdate(answer: FakeAnswer | (() => Promise<FakeAnswer>)) {
  const service = fakeService({
    'POST /api/us-web-authentication/authenticate': {
      status: 201,
      json: { message: authMessages.success, temporaryPassword: true },
    },
    [update]: answer,
  })
  const view = renderPortal('/usweb/login?prgName=cabar&level1Org=168')
  await view.user.type(await screen.findByLabelText('Username'), 'dana_member')
  await view.user.type(screen.getByLabelText('Password'), 'Temp-123')
  await view.user.click(screen.getByRole('button', { name: screenTexts.login.submit }))
  await screen.findByRole('heading', { name: screenTexts.tempPassword.title, level: 1 })
  return { ...view, service }
}

const noOutcome = {
  passwordUpdated: false,
  temporaryPasswordFlagUpdated: false,
  matchesPreviousEightPasswords: false,
}

describe('temporary password update', () => {
  it('asks for the same password twice', async () => {
    const { user, service } = await openUpdate({ json: noOutcome })

    await user.type(screen.getByLabelText('Password'), newPassword)
    const confirm = screen.getByLabelText('Confirm Password')
    await user.type(confirm, 'Newpass1?')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'))
    expect(confirm).toHaveAccessibleDescription(messages.tempPassword.confirmMismatch)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.tempPassword.confirmMismatch,
    )
    expect(service.callsTo(update)).toHaveLength(0)
  })

  it('shows the success screen once the temporary flag is cleared', async () => {
    const held = heldAnswer()
    const { user, service } = await openUpdate(held.handler)

    await user.type(screen.getByLabelText('Password'), newPassword)
    await user.type(screen.getByLabelText('Confirm Password'), newPassword)
    const submit = screen.getByRole('button', { name: 'Submit' })
    await user.click(submit)
    await waitFor(() => expect(submit.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'))
    expect(service.callsTo(update)[0]?.body).toEqual({
      userName: 'dana_member',
      password: newPassword,
    })

    held.release({
      json: { ...noOutcome, passwordUpdated: true, temporaryPasswordFlagUpdated: true },
    })
    expect(await screen.findByText(screenTexts.tempPassword.updated)).toBeVisible()
  })

  it.each([
    [
      'updated, flag not cleared',
      { json: { ...noOutcome, passwordUpdated: true } },
      messages.tempPassword.updatedButCannotLogin,
    ],
    [
      'one of the previous eight',
      { json: { ...noOutcome, matchesPreviousEightPasswords: true } },
      messages.tempPassword.matchesPrevious,
    ],
    ['nothing updated', { json: noOutcome }, messages.tempPassword.unableToUpdate],
    ['an HTTP error', { status: 500, json: {} }, messages.tempPassword.unableToUpdate],
    [
      'too easy to guess (issue 28: the service has the longer list)',
      {
        status: 400,
        json: { error: 'Bad Request', message: messages.validation.passwordGuessable },
      },
      messages.validation.passwordGuessable,
    ],
  ])('stays with a message when the answer is: %s', async (_, answer, message) => {
    const { user } = await openUpdate(answer)

    await user.type(screen.getByLabelText('Password'), newPassword)
    await user.type(screen.getByLabelText('Confirm Password'), newPassword)
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(
      screen.getByRole('heading', { name: screenTexts.tempPassword.title, level: 1 }),
    ).toBeVisible()
  })

  it('says a common password is too easy to guess as it is typed, and does not send it', async () => {
    const { user, service } = await openUpdate({ json: noOutcome })
    const password = screen.getByLabelText('Password')
    await user.type(password, 'P@ssw0rd!')
    const rules = screen.getByRole('list', { name: 'Password requirements' })
    await waitFor(() => expect(rules).toHaveTextContent(messages.validation.passwordGuessable))
    await user.type(screen.getByLabelText('Confirm Password'), 'P@ssw0rd!')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.validation.passwordGuessable,
    )
    expect(password).toHaveAttribute('aria-invalid', 'true')
    // Issue 43: the meter agrees, never "Strong".
    const meter = screen.getByRole('meter', { name: 'Password strength' })
    expect(meter).toHaveAttribute('aria-valuetext', portalFormTextsEn.password.tooEasyToGuess)
    expect(service.callsTo(update)).toHaveLength(0)
    // A password no one would guess clears the line, the meter says Strong, and the banner
    // (whose only message was this field's) goes without taking the focus from the field.
    await user.clear(password)
    await user.type(password, newPassword)
    await waitFor(() => expect(rules).not.toHaveTextContent(messages.validation.passwordGuessable))
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[5].label)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(password).toHaveFocus()
  })

  it('rates a password the service refused as too easy to guess the same way (issue 43)', async () => {
    const { user } = await openUpdate({
      status: 400,
      json: { error: 'Bad Request', message: messages.validation.passwordGuessable },
    })
    const password = screen.getByLabelText('Password')
    const meter = screen.getByRole('meter', { name: 'Password strength' })
    await user.type(password, newPassword)
    await user.type(screen.getByLabelText('Confirm Password'), newPassword)
    // Not on the portal's shorter list: strong until the service says otherwise.
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[5].label)
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.validation.passwordGuessable,
    )
    await waitFor(() =>
      expect(meter).toHaveAttribute('aria-valuetext', portalFormTextsEn.password.tooEasyToGuess),
    )
    const rules = screen.getByRole('list', { name: 'Password requirements' })
    expect(rules).toHaveTextContent(messages.validation.passwordGuessable)
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(messages.validation.passwordGuessable),
    )
    // Another password is judged afresh, and the banner's message about the field goes.
    await user.type(password, 'x')
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[5].label)
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(password).toHaveFocus()
  })
})
