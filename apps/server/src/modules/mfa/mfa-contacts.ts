// The second factor's contacts (spec §4 "MFA screens"): what the screens show, and the
// contacts entered or confirmed, with the notices their owner gets.
import {
  invalidMobileErrorCode,
  maskEmail,
  messages,
  maskPhone,
  mfaScreens,
  type CwMfaResponse,
  type MfaContact,
  type MfaDetails,
} from '@portal/contract'
import { noticeToCustomerRecord } from '../../delivery/owner-notice.ts'
import { templates } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import { customersRepo } from '../../store/customers.repo.ts'
import { mfaRepo, type MfaContactRow } from '../../store/mfa.repo.ts'
import { isNewToCodes } from './code-channels.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import { isRebinding, isValidMobile, MfaRefusal, response, type MfaContext } from './mfa-common.ts'

/** The contact as the table keeps it. */
function savedFormOf(contact: MfaContact, dialPrefix: string) {
  return {
    typeOfEmailAddress: contact.typeOfEmailAddress,
    emailAddress: contact.emailAddress,
    typeOfPhoneNumber: contact.typeOfPhoneNumber,
    phoneNumber: contact.phoneNumber,
    countryName: contact.geoCountryId,
    dialPrefix,
  }
}

export function mfaContacts(context: MfaContext) {
  const { db, repo, audit, writer, clock, brand, reference, channelsFor } = context
  return {
    /** The countries (and dial prefixes) a mobile number may have. */
    countries: () => reference.countries(),

    /** The dial prefix of a country of the list, or undefined for one not on it. */
    dialPrefixOf: (geoCountryId: string) => reference.dialPrefixOf(geoCountryId),

    /**
     * The details for the screens. While a code is still owed at a challenge, after a reset
     * or an unlock (the proven contacts are bound, issue 32), or after a recovery until a
     * code passes on the other channel (issue 40, M9), only the contacts a code may go to,
     * masked: enough to choose where the code goes, nothing to read.
     */
    async details(
      user: SessionUser,
      { isChallenge }: { isChallenge: boolean },
    ): Promise<MfaDetails> {
      const contact = await repo.contactOf(user.id)
      const isRecovering = user.recoveredVia !== null
      if (contact && (isChallenge || contact.isReconfirmationRequired || isRecovering)) {
        const { refusal, recentRecoveryBy } = await channelsFor(user, contact, { isChallenge })
        return {
          userName: user.username,
          emailAddress: refusal.email ? null : maskEmail(contact.emailAddress),
          typeOfEmailAddress: null,
          phoneNumber: refusal.sms ? null : maskPhone(contact.phoneNumber),
          typeOfPhoneNumber: null,
          geoCountryId: null,
          contactsBound: contact.isReconfirmationRequired || isRecovering,
          recentRecoveryBy,
        }
      }
      return {
        userName: user.username,
        emailAddress: contact?.emailAddress ?? user.email,
        typeOfEmailAddress:
          (contact?.typeOfEmailAddress as MfaDetails['typeOfEmailAddress']) ?? null,
        phoneNumber:
          contact?.phoneNumber ??
          (user.phone ? user.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3') : null),
        typeOfPhoneNumber: (contact?.typeOfPhoneNumber as MfaDetails['typeOfPhoneNumber']) ?? null,
        geoCountryId: contact?.countryName ?? null,
      }
    },

    /**
     * Saves (new or confirmed) verification details. While enrolling the next step is the
     * choice of delivery; before the code only an account that never proved contacts may
     * enter new ones (the others may confirm theirs unchanged). After the second factor
     * (the "update" path) the user is done.
     */
    async updateContact(
      user: SessionUser,
      contact: MfaContact,
      dialPrefix: string,
      isSignedIn: boolean,
    ): Promise<CwMfaResponse> {
      if (!isValidMobile(contact.phoneNumber, dialPrefix)) {
        return response({
          statusCode: 'ERROR_MFA',
          mfaErrorCode: invalidMobileErrorCode,
          nextScreen: '',
        })
      }
      const previous = await repo.contactOf(user.id)
      const isAnyProven =
        previous !== undefined &&
        !isNewToCodes({
          provenAt: { email: previous.emailVerifiedAt, sms: previous.phoneVerifiedAt },
          hasPassedCode: previous.verifiedAt !== null,
        })
      if (!isSignedIn && isAnyProven && previous && isRebinding(previous, contact, dialPrefix)) {
        // SECURITY: proven contacts are changed only after this sign-in passed the code (C1),
        // also after a reset or an unlock, when they stay bound (issue 32, R1).
        await audit.record({ event: 'mfa.contact_change_refused', userId: user.id })
        throw new MfaRefusal('Verified contact details can be changed after the code only.')
      }
      if (!isSignedIn && !isAnyProven) {
        // SECURITY (issue 32, H2): until a first code has passed, only contacts on the
        // customer record (or the account's own) may be saved, so whoever registered with
        // the record's details cannot bind a phone of their own before proving anything.
        const unsaved: MfaContactRow = {
          userId: user.id,
          ...savedFormOf(contact, dialPrefix),
          verifiedAt: null,
          emailVerifiedAt: null,
          phoneVerifiedAt: null,
          isReconfirmationRequired: false,
          updatedAt: clock.now(),
        }
        const { refusal } = await channelsFor(user, unsaved, { isChallenge: false })
        // Not on the record, that is (after a recovery its channel is refused for the code,
        // not for saving).
        if (refusal.email === 'notOnRecord' || refusal.sms === 'notOnRecord') {
          await audit.record({ event: 'mfa.contact_change_refused', userId: user.id })
          throw new MfaRefusal(messages.mfa.firstCodeOnRecord, true)
        }
      }
      const b = await brand(user)
      const customer = previous ? undefined : await customersRepo(db).findByCustnum(user.custnum)
      await db.transaction(async (tx) => {
        await mfaRepo(tx).saveContact(user.id, savedFormOf(contact, dialPrefix), clock.now())
        // A changed contact ends every device trust (issue 32, D1).
        if (previous && isRebinding(previous, contact, dialPrefix)) {
          await mfaRepo(tx).forgetDevices(user.id)
        }
        if (!previous) {
          // First enrolment: the customer record's own contacts hear where codes will go.
          const notice = templates.contactsEnrolled(
            b,
            maskEmail(contact.emailAddress) ?? '',
            maskPhone(contact.phoneNumber) ?? '',
          )
          await noticeToCustomerRecord(tx, writer, customer, user.program, notice)
          return
        }
        // The notices go to the old contacts: the owner hears of a change they did not make.
        const notice = templates.contactChanged(b)
        if (previous.emailAddress !== contact.emailAddress) {
          await writer.enqueue(tx, {
            channel: 'email',
            recipient: previous.emailAddress,
            program: user.program,
            message: notice,
          })
        }
        if (previous.phoneNumber !== contact.phoneNumber) {
          await writer.enqueue(tx, {
            channel: 'sms',
            recipient: toE164(previous.phoneNumber, previous.dialPrefix),
            program: user.program,
            message: notice,
          })
        }
      })
      await audit.record({ event: 'mfa.contact_saved', userId: user.id })
      return response({
        statusCode: isSignedIn ? 'VERIFIED' : 'CHALLENGE_LOGIN',
        nextScreen: isSignedIn ? '' : mfaScreens.verificationInfoStep1,
      })
    },
  }
}
