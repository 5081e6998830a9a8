// The login form of both areas (spec §2 screen 1, §4 "Login", §5 "Login", §8), rendered and
// used as a member would, with the login service faked at `fetch`.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { authMessages, messages, screenTexts } from '@portal/contract'
import { fakeService, heldAnswer, renderPortal } from '../../test/render-portal.tsx'

const t = screenTexts.login
const usweb = '/usweb/login?prgName=cabar&level1Org=168'
const uswebAuthenticate = 'POST /api/us-web-authentication/authenticate'
const plAuthenticate = 'POST /api/us-web-authentication/authenticateForPLWithValidations'

async function openLogin(address: string) {
  const view = renderPortal(address)
  await screen.findByRole('heading', { name: t.title, level: 1 })
  return view
}

/** The field's error, found the way assistive technology finds it: through aria-describedby. */
async function expectFieldError(field: HTMLElement, message: string) {
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'))
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message))
}

describe('usweb login', () => {
  it('labels its fields and says what is missing when submitted empty, without calling', async () => {
    const service = fakeService()
    const { user } = await openLogin(usweb)

    const username = screen.getByLabelText(t.usernameLabel)
    const password = screen.getByLabelText(t.passwordLabel)
    expect(username).toHaveAttribute('aria-required', 'true')
    expect(password).toHaveAttribute('type', 'password')

    await user.click(screen.getByRole('button', { name: t.submit }))

    await expectFieldError(username, messages.validation.usernameRequired)
    await expectFieldError(password, messages.validation.passwordRequired)
    const banner = await screen.findByRole('alert')
    expect(within(banner).getByRole('heading', { name: messages.errorBannerHeading })).toBeVisible()
    // The summary links to each field; a message that names its field is not prefixed with
    // the label again (review 15: not "Username: Username is required").
    const link = within(banner).getByRole('link', {
      name: messages.validation.usernameRequired,
    })
    expect(
      within(banner).getByRole('link', { name: messages.validation.passwordRequired }),
    ).toBeVisible()
    await user.click(link)
    expect(username).toHaveFocus()
    expect(service.callsTo(uswebAuthenticate)).toHaveLength(0)
  })

  it('shows the mismatch message for a 201 "Invalid Attempt 1"', async () => {
    const service = fakeService({
      [uswebAuthenticate]: { status: 201, json: { message: authMessages.attempt1 } },
    })
    const { user } = await openLogin(usweb)

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    await user.type(screen.getByLabelText(t.passwordLabel), 'not-the-password')
    await user.click(screen.getByRole('button', { name: t.submit }))

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(messages.login.mismatch)
    // The banner takes focus, so a screen reader reads it at once.
    await waitFor(() => expect(banner).toHaveFocus())
    expect(service.callsTo(uswebAuthenticate)[0]?.body).toEqual({
      userName: 'dana_member',
      password: 'not-the-password',
      velLevel1Org: '168',
    })
    // Review 15: the refused password is gone, not one Enter away from the lock; the
    // username stays.
    expect(screen.getByLabelText(t.passwordLabel)).toHaveValue('')
    expect(screen.getByLabelText(t.usernameLabel)).toHaveValue('dana_member')
  })

  it('warns that the next failure locks after "Invalid Attempt 2"', async () => {
    fakeService({ [uswebAuthenticate]: { status: 201, json: { message: authMessages.attempt2 } } })
    const { user } = await openLogin(usweb)

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    await user.type(screen.getByLabelText(t.passwordLabel), 'still-wrong')
    await user.click(screen.getByRole('button', { name: t.submit }))

    const items = within(await screen.findByRole('alert')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      messages.login.mismatch,
      messages.login.nextAttemptLocks,
    ])
  })

  it('sends a locked account to reset its password', async () => {
    fakeService({
      [uswebAuthenticate]: { status: 201, json: { message: authMessages.userLocked } },
    })
    const { user } = await openLogin(usweb)

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    await user.type(screen.getByLabelText(t.passwordLabel), 'wrong-again')
    await user.click(screen.getByRole('button', { name: t.submit }))

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(
      `${messages.login.lockedLead}${messages.login.lockedLink}${messages.login.lockedTail}`,
    )
    await user.click(within(banner).getByRole('link', { name: messages.login.lockedLink }))
    expect(
      await screen.findByRole('heading', { name: screenTexts.recovery.titleOf.password }),
    ).toBeVisible()
  })

  it('is busy while the call runs and sends one call however often Login is pressed', async () => {
    const held = heldAnswer()
    const service = fakeService({ [uswebAuthenticate]: held.handler })
    const { user } = await openLogin(usweb)

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    await user.type(screen.getByLabelText(t.passwordLabel), 'a-password')
    const submit = screen.getByRole('button', { name: t.submit })
    await user.click(submit)

    const form = submit.closest('form')
    await waitFor(() => expect(form?.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'))
    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeInTheDocument()
    await user.click(submit)
    expect(service.callsTo(uswebAuthenticate)).toHaveLength(1)

    held.release({ status: 201, json: { message: authMessages.invalidCredentials } })
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.login.mismatch)
    expect(form?.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false')
  })

  it('judges a field again as it changes once submitted, keeping the other field at fault', async () => {
    const service = fakeService()
    const { user } = await openLogin(usweb)
    const username = screen.getByLabelText(t.usernameLabel)
    const password = screen.getByLabelText(t.passwordLabel)

    await user.click(screen.getByRole('button', { name: t.submit }))
    await expectFieldError(username, messages.validation.usernameRequired)
    await expectFieldError(password, messages.validation.passwordRequired)

    await user.type(username, 'dana_member')
    await waitFor(() => expect(username).not.toHaveAttribute('aria-invalid'))
    expect(password).toHaveAttribute('aria-invalid', 'true')
    await user.clear(username)
    await expectFieldError(username, messages.validation.usernameRequired)
    expect(service.callsTo(uswebAuthenticate)).toHaveLength(0)
  })
})

describe('pl login', () => {
  const pl = '/proliability/login'

  it('labels its fields, prefills cname and says what is missing when submitted empty', async () => {
    const service = fakeService()
    const { user } = await openLogin(`${pl}?cname=dana_pl`)

    const username = screen.getByLabelText(t.usernameLabel)
    expect(username).toHaveValue('dana_pl')
    await user.clear(username)
    await user.click(screen.getByRole('button', { name: t.submit }))

    await expectFieldError(username, messages.validation.usernameRequired)
    await expectFieldError(
      screen.getByLabelText(t.passwordLabel),
      messages.validation.passwordRequired,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.validation.passwordRequired)
    expect(service.callsTo(plAuthenticate)).toHaveLength(0)
  })

  it('shows the mismatch message for a 201 "Invalid Attempt 1" from the pl call', async () => {
    const service = fakeService({
      [plAuthenticate]: { status: 201, json: { message: authMessages.attempt1 } },
    })
    const { user } = await openLogin(pl)

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_pl')
    await user.type(screen.getByLabelText(t.passwordLabel), 'not-the-password')
    await user.click(screen.getByRole('button', { name: t.submit }))

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.login.mismatch)
    expect(service.callsTo(plAuthenticate)[0]?.body).toEqual({
      userName: 'dana_pl',
      password: 'not-the-password',
    })
  })

  it('offers registration among its links', async () => {
    fakeService()
    await openLogin(pl)
    expect(screen.getByRole('link', { name: t.register })).toHaveAttribute(
      'href',
      '/proliability/registerstep1',
    )
  })
})
