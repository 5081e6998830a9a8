// Spec §2 screens 5-7 and §4 "Recovery": the forgot-username and forgot-password forms, and
// the delivery choice (step 2) with the contacts on file shown masked.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, recoveryStatuses, screenTexts } from '@portal/contract'
import { fakeService, renderPortal } from '../../test/render-portal.tsx'

const t = screenTexts.recovery
const byUsername = 'POST /api/us-web-authentication/getContactInfoByUsername'

/** From the login page, the link opens the recovery form. */
async function openFromLogin(link: string, title: string) {
  const view = renderPortal('/usweb/login?prgName=cabar&level1Org=168')
  await view.user.click(await screen.findByRole('link', { name: link }))
  await screen.findByRole('heading', { name: title, level: 1 })
  return view
}

describe('forgot username and password', () => {
  it.each([
    ['username', screenTexts.login.forgotUsername, t.titleOf.username],
    ['password', screenTexts.login.forgotPassword, t.titleOf.password],
  ])('forgot %s asks for a contact method and its information first', async (_, link, title) => {
    const service = fakeService()
    const { user } = await openFromLogin(link, title)

    expect(screen.getByRole('group', { name: t.optionsLegend })).toBeVisible()
    expect(screen.getByLabelText(t.valueLabelUnchosen)).toBeVisible()
    await user.click(screen.getByRole('button', { name: t.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recovery.chooseMethod)

    // A method without its information is not enough either.
    await user.click(screen.getByRole('radio', { name: 'Email' }))
    await user.click(screen.getByRole('button', { name: t.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recovery.chooseMethod)
    expect(service.calls.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it('names the chosen method in the field label and judges the value by it', async () => {
    fakeService()
    const { user } = await openFromLogin(screenTexts.login.forgotPassword, t.titleOf.password)

    await user.click(screen.getByRole('radio', { name: 'Mobile' }))
    const mobile = screen.getByRole('textbox', { name: 'Mobile Number' })
    await user.type(mobile, '312555')
    expect(mobile).toHaveValue('312-555')
    await user.click(screen.getByRole('button', { name: t.submit }))
    expect(
      await screen.findByText(messages.validation.mobile, { selector: '.form-field__error' }),
    ).toBeVisible()
    expect(mobile).toHaveAttribute('aria-invalid', 'true')
    // The summary's link says it in the same words: the message names its field already.
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: messages.validation.mobile }),
    ).toBeVisible()
  })

  it('goes on to the delivery choice, which shows the contacts on file masked', async () => {
    const service = fakeService({
      [byUsername]: {
        json: {
          status: true,
          message: recoveryStatuses.success,
          email: 'd***@example.com',
          phone: '***-***-0101',
        },
      },
    })
    const { user } = await openFromLogin(screenTexts.login.forgotPassword, t.titleOf.password)

    await user.click(screen.getByRole('radio', { name: 'Username' }))
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'dana_member')
    await user.click(screen.getByRole('button', { name: t.submit }))

    expect(await screen.findByText(t.deliveryIntroOf.password)).toBeVisible()
    const group = await screen.findByRole('group', { name: t.deliveryLegend })
    expect(within(group).getByRole('radio', { name: /^Email:\s?d\*\*\*@example\.com$/ })).toBe(
      within(group).getAllByRole('radio')[0],
    )
    expect(
      within(group).getByRole('radio', { name: /^Text message:\s?\*\*\*-\*\*\*-0101$/ }),
    ).not.toBeChecked()
    expect(service.callsTo(byUsername).map((call) => call.body)).toContainEqual(
      expect.objectContaining({ username: 'dana_member', sendpass: true }),
    )

    // Step 2 asks for a choice before anything is sent.
    await user.click(screen.getByRole('button', { name: t.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.validation.deliveryMethod)
  })

  it('says when the information matches no account', async () => {
    fakeService({
      [byUsername]: {
        json: { status: false, message: recoveryStatuses.noAccounts, email: null, phone: null },
      },
    })
    const { user } = await openFromLogin(screenTexts.login.forgotPassword, t.titleOf.password)

    await user.click(screen.getByRole('radio', { name: 'Username' }))
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'nobody_here')
    await user.click(screen.getByRole('button', { name: t.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.recovery.noAccounts)
  })
})
