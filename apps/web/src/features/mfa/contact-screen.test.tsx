// Spec §2 screen 9 (confirmverificationinfostep1): the verification contact form, its phone
// mask (spec §5) and the service's invalid-mobile answer (spec §8).
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { invalidMobileErrorCode, messages, screenTexts, type CwMfaResponse } from '@portal/contract'
import { fakeService, renderPortal } from '../../test/render-portal.tsx'

const updateUser = 'POST /api/mfa/updateUser'

const onFile = {
  userName: 'dana_member',
  emailAddress: 'dana.o@example.com',
  typeOfEmailAddress: 'Personal',
  phoneNumber: null,
  typeOfPhoneNumber: null,
  geoCountryId: 'United States',
}

const invalidMobile: CwMfaResponse = {
  statusCode: 'ERROR_MFA',
  mfaStatusCode: null,
  mfaErrorCode: invalidMobileErrorCode,
  incidentID: null,
  contactDetails: null,
  nextScreen: '',
}

function service() {
  return fakeService({
    'GET /api/mfa/getDetails': { json: onFile },
    'GET /api/mfa/getCountries': { json: [{ countryName: 'United States', dialPrefix: '1' }] },
    [updateUser]: { json: invalidMobile },
  })
}

async function openContactScreen() {
  const view = renderPortal('/usweb/confirmverificationinfostep1')
  const title = screenTexts.mfa.contactTitles.confirm
  await screen.findByRole('heading', { name: title, level: 1 })
  await screen.findByLabelText('Email address')
  return view
}

describe('confirm verification information', () => {
  it('prefills what is on file and holds Continue until every field is complete', async () => {
    service()
    const { user } = await openContactScreen()

    expect(screen.getByLabelText('Email address')).toHaveValue(onFile.emailAddress)
    const emailType = screen.getByRole('group', { name: 'Type of email address' })
    expect(within(emailType).getByRole('radio', { name: 'Personal' })).toBeChecked()
    expect(screen.getByLabelText('Country/Region')).toHaveDisplayValue('United States (+1)')

    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(continueButton).toBeDisabled())
    expect(continueButton).toHaveAccessibleDescription(screenTexts.mfa.completeEveryField)

    const phoneType = screen.getByRole('group', { name: 'Type of mobile number' })
    await user.click(within(phoneType).getByRole('radio', { name: 'Work' }))
    await user.type(screen.getByLabelText('Mobile number'), '3125550188')
    await waitFor(() => expect(continueButton).toBeEnabled())
  })

  it('masks the mobile number as it is typed or pasted', async () => {
    service()
    const { user } = await openContactScreen()

    const phone = screen.getByLabelText('Mobile number')
    await user.type(phone, '3125550188')
    expect(phone).toHaveValue('312-555-0188')
    await user.clear(phone)
    await user.click(phone)
    await user.paste('(312) 555 0199')
    expect(phone).toHaveValue('312-555-0199')
  })

  it('says what is wrong with a field once it is left', async () => {
    service()
    const { user } = await openContactScreen()

    const email = screen.getByLabelText('Email address')
    await user.clear(email)
    await user.tab()
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription(messages.validation.required)

    const phone = screen.getByLabelText('Mobile number')
    await user.type(phone, '31255')
    await user.tab()
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'))
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(messages.validation.mobile))
  })

  it('stays on the form with the invalid-mobile message and a way back to the number', async () => {
    const fake = service()
    const { user } = await openContactScreen()

    await user.click(
      within(screen.getByRole('group', { name: 'Type of mobile number' })).getByRole('radio', {
        name: 'Personal',
      }),
    )
    const phone = screen.getByLabelText('Mobile number')
    await user.type(phone, '3125550188')
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(continueButton).toBeEnabled())
    await user.click(continueButton)

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(messages.mfa.invalidMobile)
    expect(fake.callsTo(updateUser)[0]?.body).toMatchObject({
      emailAddress: onFile.emailAddress,
      phoneNumber: '312-555-0188',
      typeOfPhoneNumber: 'Personal',
    })
    await user.click(within(banner).getByRole('link', { name: 'Edit mobile number' }))
    expect(phone).toHaveFocus()
  })
})

describe('confirm verification information after a password reset or an unlock (issue 32)', () => {
  it('has nothing to confirm: goes straight on to choose where the code goes, saying why (issue 43)', async () => {
    const service = fakeService({
      'GET /api/mfa/getDetails': {
        json: {
          userName: 'dana_member',
          emailAddress: null,
          typeOfEmailAddress: null,
          phoneNumber: '***-***-0101',
          typeOfPhoneNumber: null,
          geoCountryId: null,
          contactsBound: true,
          recentRecoveryBy: 'email',
        },
      },
      'GET /api/mfa/getCountries': { json: [{ countryName: 'United States', dialPrefix: '1' }] },
    })
    renderPortal('/usweb/confirmverificationinfostep1')
    await screen.findByRole('heading', { name: screenTexts.mfa.chooseDeliveryTitle, level: 1 })
    await screen.findByText(screenTexts.mfa.boundContactsIntro)
    // Nothing to type, and the one place the code may go is chosen already.
    expect(screen.queryByLabelText('Email address')).toBeNull()
    expect(screen.getByRole('radio', { name: /^Mobile\b/ })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled()
    expect(service.callsTo(updateUser)).toHaveLength(0)
  })
})

describe('confirm verification information before a code (issue 40, P2)', () => {
  const masked = {
    userName: 'dana_member',
    emailAddress: 'd*****@example.com',
    typeOfEmailAddress: 'Personal',
    phoneNumber: '***-***-0101',
    typeOfPhoneNumber: 'Personal',
    geoCountryId: 'United States',
    contactsMasked: true,
  }
  const challenge: CwMfaResponse = {
    statusCode: 'CHALLENGE_LOGIN',
    mfaStatusCode: null,
    mfaErrorCode: null,
    incidentID: null,
    contactDetails: null,
    nextScreen: 'verificationinfostep1',
  }
  function maskedService() {
    return fakeService({
      'GET /api/mfa/getDetails': { json: masked },
      'GET /api/mfa/getCountries': { json: [{ countryName: 'United States', dialPrefix: '1' }] },
      [updateUser]: { json: challenge },
    })
  }
  async function openMasked() {
    const view = renderPortal('/usweb/confirmverificationinfostep1')
    await screen.findByText(screenTexts.mfa.maskedContactsIntro)
    return view
  }

  it('shows the contacts masked, with nothing to read in full, and keeps them as shown', async () => {
    const fake = maskedService()
    const { user } = await openMasked()
    expect(screen.getByText('d*****@example.com')).toBeInTheDocument()
    expect(screen.getByText('***-***-0101')).toBeInTheDocument()
    expect(screen.queryByLabelText('Email address')).toBeNull()
    expect(screen.queryByLabelText('Mobile number')).toBeNull()

    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(continueButton).toBeEnabled())
    await user.click(continueButton)
    await screen.findByRole('heading', { name: screenTexts.mfa.chooseDeliveryTitle, level: 1 })
    expect(fake.callsTo(updateUser)[0]?.body).toMatchObject({
      emailAddress: 'd*****@example.com',
      phoneNumber: '***-***-0101',
    })
  })

  it('changes one: the field opens empty and focused, the other stays kept; Keep undoes it', async () => {
    const fake = maskedService()
    const { user } = await openMasked()
    await user.click(screen.getByRole('button', { name: 'Change mobile number' }))
    const phone = screen.getByLabelText('Mobile number')
    expect(phone).toHaveValue('')
    expect(phone).toHaveFocus()
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(continueButton).toBeDisabled())

    // Changed mind: kept again, and Continue is back.
    await user.click(screen.getByRole('button', { name: 'Keep ***-***-0101' }))
    expect(screen.queryByLabelText('Mobile number')).toBeNull()
    expect(screen.getByRole('button', { name: 'Change mobile number' })).toHaveFocus()
    await waitFor(() => expect(continueButton).toBeEnabled())

    await user.click(screen.getByRole('button', { name: 'Change mobile number' }))
    await user.type(screen.getByLabelText('Mobile number'), '3125550188')
    await waitFor(() => expect(continueButton).toBeEnabled())
    await user.click(continueButton)
    await screen.findByRole('heading', { name: screenTexts.mfa.chooseDeliveryTitle, level: 1 })
    expect(fake.callsTo(updateUser)[0]?.body).toMatchObject({
      emailAddress: 'd*****@example.com',
      phoneNumber: '312-555-0188',
    })
  })
})
