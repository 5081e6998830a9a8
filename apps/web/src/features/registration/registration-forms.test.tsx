// Spec §2 screens 2-3 and §4 "Registration": step 1 (who the customer is) and step 2 (the
// username and password), reached from the login page as a member reaches them.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  messages,
  passwordRuleLabels,
  portalFormTextsEn,
  screenTexts,
  strengthLevels,
} from '@portal/contract'
import { fakeService, renderPortal } from '../../test/render-portal.tsx'

const t = screenTexts.registration
const lookUp = 'POST /api/customer-api/find'
const existingAccount = 'POST /api/us-web-authentication/finduserbymembercode'

/** From the program's login page, Sign Up opens step 1. */
async function openStep1(prgName: string) {
  const view = renderPortal(`/usweb/login?prgName=${prgName}`)
  await view.user.click(await screen.findByRole('link', { name: screenTexts.login.signUp }))
  await screen.findByRole('heading', { name: t.title, level: 1 })
  return view
}

describe('registration step 1', () => {
  it('asks augustar customers for their Agent Number', async () => {
    fakeService()
    const { user } = await openStep1('augustar')

    const agent = screen.getByLabelText('Agent Number')
    expect(screen.queryByLabelText('Account Number')).toBeNull()
    await user.click(screen.getByRole('button', { name: t.identifyButton.usweb }))

    await waitFor(() => expect(agent).toHaveAttribute('aria-invalid', 'true'))
    expect(agent).toHaveAccessibleDescription(
      `${messages.validation.required} ${t.agentNumberHint('ASF')}`,
    )
    const banner = await screen.findByRole('alert')
    expect(
      within(banner).getByRole('link', { name: `Agent Number: ${messages.validation.required}` }),
    ).toBeVisible()
    expect(
      within(banner).getByRole('link', {
        name: `${t.emailLabel}: ${messages.validation.required}`,
      }),
    ).toBeVisible()
  })

  it('keeps the six digits of an Agent Number typed or pasted as printed (issue 27)', async () => {
    fakeService()
    const { user } = await openStep1('augustar')

    const agent = screen.getByLabelText('Agent Number')
    await user.type(agent, 'ASF100002')
    expect(agent).toHaveValue('100002')
    await user.clear(agent)
    await user.paste('ASF 100-002')
    expect(agent).toHaveValue('100002')
  })

  it('asks other customers for their Account Number, and judges the email and mobile', async () => {
    const service = fakeService()
    const { user } = await openStep1('cabar')

    expect(screen.queryByLabelText('Agent Number')).toBeNull()
    await user.type(screen.getByLabelText('Account Number'), 'CA12345')
    const email = screen.getByLabelText(t.emailLabel)
    await user.type(email, 'dana@example')
    const mobile = screen.getByLabelText(t.mobileLabel)
    await user.type(mobile, '312555')
    expect(mobile).toHaveValue('312-555')
    await user.click(screen.getByRole('button', { name: t.identifyButton.usweb }))

    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription(messages.validation.email('dana@example'))
    expect(mobile).toHaveAttribute('aria-invalid', 'true')
    expect(mobile).toHaveAccessibleDescription(expect.stringContaining(messages.validation.mobile))
    expect(service.callsTo(lookUp)).toHaveLength(0)
  })

  it('says when the details match no customer', async () => {
    fakeService({ [lookUp]: { status: 404, json: { message: 'Not Found' } } })
    const { user } = await openStep1('cabar')

    await user.type(screen.getByLabelText('Account Number'), 'CA12345')
    await user.type(screen.getByLabelText(t.emailLabel), 'dana@example.com')
    await user.type(screen.getByLabelText(t.mobileLabel), '3125550101')
    await user.click(screen.getByRole('button', { name: t.identifyButton.usweb }))

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.registration.notFound)
  })
})

describe('registration step 2', () => {
  async function openStep2() {
    const service = fakeService({
      [lookUp]: {
        json: {
          status: 'a',
          custclass: null,
          membershipCd: 'M1234',
          firstName: 'Dana',
          eligibility: 'eligible',
        },
      },
      [existingAccount]: { json: { body: null } },
    })
    const view = await openStep1('cabar')
    await view.user.type(screen.getByLabelText('Account Number'), 'CA12345')
    await view.user.type(screen.getByLabelText(t.emailLabel), 'dana@example.com')
    await view.user.type(screen.getByLabelText(t.mobileLabel), '3125550101')
    await view.user.click(screen.getByRole('button', { name: t.identifyButton.usweb }))
    await screen.findByRole('heading', { name: t.credentialsTitle, level: 1 })
    return { ...view, service }
  }

  it('lists the password rules and rates the password as it is typed', async () => {
    const { user } = await openStep2()

    const rules = screen.getByRole('list', { name: 'Password requirements' })
    const labels = within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    for (const label of Object.values(passwordRuleLabels)) {
      expect(labels).toContainEqual(expect.stringContaining(label))
    }
    const password = screen.getByLabelText(t.passwordLabel)
    expect(password).toHaveAccessibleDescription(expect.stringContaining(passwordRuleLabels.length))

    const meter = screen.getByRole('meter', { name: 'Password strength' })
    await user.type(password, 'abc')
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[2].label)
    expect(within(rules).getByText(passwordRuleLabels.letter)).toHaveTextContent('(met)')
    await user.type(password, '1!defgh')
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[5].label)
  })

  it('says what a username must be, and when the passwords differ', async () => {
    const { user, service } = await openStep2()

    const username = screen.getByLabelText(t.usernameLabel)
    await user.type(username, 'dana o')
    await user.type(screen.getByLabelText(t.passwordLabel), 'abcdef1!')
    await user.type(screen.getByLabelText(t.confirmPasswordLabel), 'abcdef1?')
    await user.click(screen.getByRole('button', { name: t.submit }))

    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'))
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining(messages.validation.usernamePattern),
    )
    expect(screen.getByLabelText(t.confirmPasswordLabel)).toHaveAccessibleDescription(
      messages.validation.passwordMismatch,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.validation.usernamePattern)
    expect(service.callsTo('POST /api/us-web-authentication/createuser')).toHaveLength(0)
  })

  it('never rates a password too easy to guess as strong (issue 43)', async () => {
    const { user } = await openStep2()

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    const password = screen.getByLabelText(t.passwordLabel)
    const meter = screen.getByRole('meter', { name: 'Password strength' })
    const rules = screen.getByRole('list', { name: 'Password requirements' })
    for (const common of ['Password1!', 'Welcome@123']) {
      await user.clear(password)
      await user.type(password, common)
      // The five rules are met; the checklist and the meter both say it is too easy to guess.
      await waitFor(() => expect(rules).toHaveTextContent(messages.validation.passwordGuessable))
      expect(meter).toHaveAttribute('aria-valuetext', portalFormTextsEn.password.tooEasyToGuess)
      expect(meter).toHaveAttribute('aria-valuenow', '20')
      expect(meter.parentElement).toHaveTextContent(portalFormTextsEn.password.tooEasyToGuess)
      expect(meter.parentElement).not.toHaveTextContent(strengthLevels[5].label)
    }
    // A password no one would guess is strong again, and the line goes.
    await user.clear(password)
    await user.type(password, 'Tarn#Pebble9')
    expect(meter).toHaveAttribute('aria-valuetext', strengthLevels[5].label)
    expect(rules).not.toHaveTextContent(messages.validation.passwordGuessable)
  })

  it('takes a message out of the banner once its field is put right (issue 43)', async () => {
    const { user } = await openStep2()

    await user.type(screen.getByLabelText(t.usernameLabel), 'dana_member')
    const password = screen.getByLabelText(t.passwordLabel)
    const confirm = screen.getByLabelText(t.confirmPasswordLabel)
    await user.type(password, 'Password1!')
    await user.type(confirm, 'Password1?')
    await user.click(screen.getByRole('button', { name: t.submit }))
    const banner = await screen.findByRole('alert')
    // The message names its field already: no 'Password: ' before it.
    const guessable = messages.validation.passwordGuessable
    await waitFor(() => expect(within(banner).getByRole('link', { name: guessable })).toBeVisible())
    expect(within(banner).getByRole('link', { name: /does not match/ })).toBeVisible()

    // The password put right: its line leaves the banner, the other stays, and the focus stays
    // where the member types.
    await user.clear(password)
    await user.type(password, 'Tarn#Pebble9')
    await waitFor(() => expect(within(banner).queryByRole('link', { name: guessable })).toBeNull())
    expect(within(banner).getByRole('link', { name: /does not match/ })).toBeVisible()
    expect(password).toHaveFocus()
    // The confirmation put right too: no banner is left, and the title loses its "Error: ".
    await user.clear(confirm)
    await user.type(confirm, 'Tarn#Pebble9')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(confirm).toHaveFocus()
    expect(document.title).not.toMatch(/^Error/)
  })
})
