// The second factor's contacts (spec §4 "MFA screens"): what the screens show, and the
// contacts entered or confirmed, with the notices their owner gets.
import {
  invalidMobileErrorCode,
  isValidMobile,
  maskEmail,
  maskPhone,
  maskedEmailPattern,
  mfaScreens,
  type CwMfaResponse,
  type MfaContact,
  type MfaDeliveryMethod,
  type MfaDetails,
  serviceText,
} from '@portal/contract'
import { noticeToCustomerRecord } from '../../delivery/owner-notice.ts'
import { templates } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { MfaContactRow } from '../../store/mfa.repo.ts'
import { isNewToCodes } from './code-channels.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import { isRebinding, MfaRefusal, response, type MfaContext, type MfaDeps } from './mfa-common.ts'

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

/** The contacts getDetails shows: the saved ones, else the account's (the record's). */
function onFileOf(user: SessionUser, contact: MfaContactRow | undefined) {
  return {
    email: contact?.emailAddress ?? user.email,
    phone:
      contact?.phoneNumber ??
      (user.phone ? user.phone.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3') : null),
  }
}

/**
 * Issue 40 (P2): an email address or mobile number sent back exactly as getDetails masked it
 * is the one on file, kept; anything else is what the member typed.
 */
function keptOnFile(contact: MfaContact, onFile: ReturnType<typeof onFileOf>): MfaContact {
  const isKept = (sent: string, shown: string | null) => shown !== null && sent === shown
  return {
    ...contact,
    emailAddress:
      onFile.email && isKept(contact.emailAddress, maskEmail(onFile.email))
        ? onFile.email
        : contact.emailAddress,
    phoneNumber:
      onFile.phone && isKept(contact.phoneNumber, maskPhone(onFile.phone))
        ? onFile.phone
        : contact.phoneNumber,
  }
}

export function mfaContacts(deps: MfaDeps, helpers: MfaContext) {
  const { store, writer, clock } = deps
  const { audit, mfa: repo, reference } = store
  const { brand, channelsFor } = helpers
  return {
    /** The countries (and dial prefixes) a mobile number may have. */
    countries: () => reference.countries(),
    /** The same when loaded, without waiting; undefined otherwise. */
    countriesNow: () => reference.countriesNow(),

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
      { isChallenge, isFactorPassed }: { isChallenge: boolean; isFactorPassed: boolean },
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
      const onFile = onFileOf(user, contact)
      // SECURITY (issue 40, P2): until a factor passes in this sign-in, the password alone
      // reads the contacts masked; the form sends a kept one back as shown (updateContact).
      return {
        userName: user.username,
        emailAddress: isFactorPassed ? onFile.email : maskEmail(onFile.email),
        typeOfEmailAddress:
          (contact?.typeOfEmailAddress as MfaDetails['typeOfEmailAddress']) ?? null,
        phoneNumber: isFactorPassed ? onFile.phone : maskPhone(onFile.phone),
        typeOfPhoneNumber: (contact?.typeOfPhoneNumber as MfaDetails['typeOfPhoneNumber']) ?? null,
        geoCountryId: contact?.countryName ?? null,
        ...(isFactorPassed ? {} : { contactsMasked: true }),
      }
    },

    /**
     * Issue 43 (item 10): just after enrolment, where the first code may go at once: the
     * email just confirmed, and the mobile as the other way when a code may go there too.
     * Undefined when it may not (a contact was proven before, or the email may not have the
     * first code): the member then chooses, as spec §4 has it.
     */
    async firstCodeAtOnce(
      user: SessionUser,
    ): Promise<{ method: MfaDeliveryMethod; otherMethod?: MfaDeliveryMethod } | undefined> {
      const contact = await repo.contactOf(user.id)
      if (!contact || user.recoveredVia !== null) return undefined
      const isNew = isNewToCodes({
        provenAt: { email: contact.emailVerifiedAt, sms: contact.phoneVerifiedAt },
        hasPassedCode: contact.verifiedAt !== null,
      })
      if (!isNew || contact.isReconfirmationRequired) return undefined
      const { refusal } = await channelsFor(user, contact, { isChallenge: false })
      if (refusal.email) return undefined
      return refusal.sms ? { method: 'email' } : { method: 'email', otherMethod: 'sms' }
    },

    /**
     * Saves (new or confirmed) verification details. While enrolling the next step is the
     * choice of delivery; before the code only an account that never proved contacts may
     * enter new ones (the others may confirm theirs unchanged). After the second factor
     * (the "update" path) the user is done.
     */
    async updateContact(
      user: SessionUser,
      sent: MfaContact,
      dialPrefix: string,
      isSignedIn: boolean,
    ): Promise<CwMfaResponse> {
      const previous = await repo.contactOf(user.id)
      const contact = keptOnFile(sent, onFileOf(user, previous))
      if (maskedEmailPattern.test(contact.emailAddress)) {
        throw new MfaRefusal(serviceText('validation.email', contact.emailAddress), true)
      }
      if (!isValidMobile(contact.phoneNumber, dialPrefix)) {
        return response({
          statusCode: 'ERROR_MFA',
          mfaErrorCode: invalidMobileErrorCode,
          nextScreen: '',
        })
      }
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
        throw new MfaRefusal('service.verifiedContactsAfterCodeOnly')
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
          throw new MfaRefusal('mfa.firstCodeOnRecord', true)
        }
      }
      const b = await brand(user)
      const customer = previous ? undefined : await store.customers.findByCustnum(user.custnum)
      await store.transaction(async (tx) => {
        await tx.mfa.saveContact(user.id, savedFormOf(contact, dialPrefix), clock.now())
        // A changed contact ends every device trust (issue 32, D1).
        if (previous && isRebinding(previous, contact, dialPrefix)) {
          await tx.mfa.forgetDevices(user.id)
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
