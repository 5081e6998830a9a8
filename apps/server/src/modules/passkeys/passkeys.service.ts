// Passkeys (issue 23): WebAuthn credentials as the second factor, judged by
// @simplewebauthn/server. A passed assertion goes through the same `factorPassed` as a right
// code (mfa-codes.ts), a refused one spends a try of the same lock as a wrong code.
//
// SECURITY: the challenge is kept in the member's session (bound to it), used once (the
// route takes it out before judging) and worth 5 minutes; the credential must belong to the
// session's user, its user handle must be that user's, the origin and RP id the configured
// ones, user verification is required and the sign counter must move on.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { COSEALG, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import {
  programOf,
  findProgram,
  flavours,
  sourceLocale,
  type Locale,
  type Passkey,
  serviceText,
  type MessageKey,
  type ServiceText,
} from '@portal/contract'
import { contractTexts } from '@portal/contract/i18n'
import type { OutboxWriter } from '../../delivery/outbox.ts'
import { brandOf, templates, type Message } from '../../delivery/templates.ts'
import { toE164 } from '../../delivery/transports.ts'
import type { Clock } from '../../lib/clock.ts'
import { hmac } from '../../lib/crypto.ts'
import { currentLocale } from '../../lib/request-context.ts'
import { isAllowedOrigin, type RelyingParty } from '../../lib/relying-party.ts'
import type { Store } from '../../store/index.ts'
import type { PasskeySummary } from '../../store/passkeys.repo.ts'
import type { SessionUser } from '../../store/users.repo.ts'
import type { DeviceMarks } from '../mfa/device-trust.ts'
import type { MfaOutcome } from '../mfa/mfa-common.ts'
import type { mfaService } from '../mfa/mfa.service.ts'
import { describeUserAgent } from '../../lib/user-agent.ts'

/** How long a challenge may be answered (issue 23: 5 minutes). */
export const challengeTtlMs = 5 * 60_000
/** Passkeys one account may hold. */
export const maxPasskeysPerUser = 10

export type ChallengePurpose = 'register' | 'authenticate'

/** What the session keeps between the options and the answer. */
export interface StoredChallenge {
  challenge: string
  purpose: ChallengePurpose
  /** ms since the epoch, on the service's clock. */
  expiresAt: number
}

/** A passkey ceremony this sign-in may not complete; the message is for the member (4xx). */
export class PasskeyRefusal extends Error {
  readonly text: ServiceText
  constructor(
    text: MessageKey | ServiceText,
    readonly statusCode: 400 | 403 | 409 = 400,
  ) {
    const said = typeof text === 'string' ? serviceText(text) : text
    super(said.english)
    this.text = said
  }
}

export interface PasskeyDeps {
  store: Store
  writer: OutboxWriter
  clock: Clock
  relyingParty: RelyingParty
  /**
   * Key the user handle, an opaque id per user (not the database's): the first for a new
   * passkey, any of them for one made under a SESSION_SECRET still listed (a rotation).
   */
  userHandleKeys: readonly Buffer[]
  mfa: Pick<ReturnType<typeof mfaService>, 'spendFactorTry' | 'factorFailed' | 'factorPassed'>
  mailingPhone(program: string): Promise<string | undefined>
}

export const viewOf = (row: PasskeySummary): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

/**
 * A name the member recognises, from the browser that made it (never text the client chose),
 * in the language of the page that made it (issue 43).
 */
export function passkeyNameOf(
  userAgent: string | undefined,
  locale: Locale = currentLocale() ?? sourceLocale,
): string {
  const { system } = describeUserAgent(userAgent)
  const texts = contractTexts[locale].screenTexts.passkeys
  return system ? texts.nameOn(system) : texts.nameUnknown
}

/**
 * The key algorithms a passkey may use: the library's default without the post-quantum ones,
 * named so that it never probes Node's experimental ML-DSA support (an ExperimentalWarning
 * on every start); every platform authenticator today makes ES256 or EdDSA keys.
 */
const supportedAlgorithmIDs = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256]

export function passkeysService(deps: PasskeyDeps) {
  const { store, writer, clock, relyingParty, userHandleKeys, mfa } = deps
  const { audit, passkeys: repo } = store
  // 32 bytes, base64url (WebAuthn wants 1 to 64 bytes, the same for every passkey of a user).
  const userHandleOf = (user: SessionUser, key = userHandleKeys[0] ?? Buffer.alloc(0)) =>
    hmac(key, String(user.id))
  // Until issue 41 the handle read that base64url text as hex, which gave 0 to a few bytes:
  // a passkey made then still carries it, and is still this user's by its credential id.
  const handleBeforeIssue41 = (user: SessionUser, key: Buffer) =>
    isoBase64URL.fromBuffer(Buffer.from(hmac(key, String(user.id)), 'hex'))

  const stored = (challenge: string, purpose: ChallengePurpose): StoredChallenge => ({
    challenge,
    purpose,
    expiresAt: clock.now().getTime() + challengeTtlMs,
  })

  /** The challenge the session held for `purpose`, if it is still worth answering. */
  function challengeOf(value: unknown, purpose: ChallengePurpose): string | undefined {
    const held = value as Partial<StoredChallenge> | null | undefined
    if (!held || held.purpose !== purpose || typeof held.challenge !== 'string') return undefined
    if (typeof held.expiresAt !== 'number' || held.expiresAt <= clock.now().getTime()) {
      return undefined
    }
    return held.challenge
  }

  /** The ceremony's origin, when it is one of the configured ones. */
  function originOf(clientDataJSON: string): string | undefined {
    try {
      const { origin } = decodeClientDataJSON(clientDataJSON)
      return typeof origin === 'string' && isAllowedOrigin(relyingParty.origins, origin)
        ? origin
        : undefined
    } catch {
      return undefined
    }
  }

  /**
   * Tells the owner on every proven contact (issue 40, P1): someone reading one mailbox could
   * delete the only notice. With none proven, the verification email (or the account's).
   */
  async function notify(user: SessionUser, notice: (b: ReturnType<typeof brandOf>) => Message) {
    const message = notice(
      brandOf(user.program, await deps.mailingPhone(user.program), user.locale),
    )
    const contact = await store.mfa.contactOf(user.id)
    const proven: { channel: 'email' | 'sms'; recipient: string }[] = []
    if (contact?.emailVerifiedAt) proven.push({ channel: 'email', recipient: contact.emailAddress })
    if (contact?.phoneVerifiedAt) {
      proven.push({ channel: 'sms', recipient: toE164(contact.phoneNumber, contact.dialPrefix) })
    }
    const fallback = contact?.emailAddress ?? user.email
    if (proven.length === 0 && fallback) proven.push({ channel: 'email', recipient: fallback })
    for (const { channel, recipient } of proven) {
      await writer.enqueue(store, { channel, recipient, program: user.program, message })
    }
  }

  const rpName = (user: SessionUser) =>
    programOf(findProgram(user.program)?.code ?? flavours.usweb.defaultProgram).displayName

  return {
    async hasPasskey(user: SessionUser): Promise<boolean> {
      return (await repo.summariesOf(user.id)).length > 0
    },

    async list(userId: number): Promise<Passkey[]> {
      return (await repo.summariesOf(userId)).map(viewOf)
    },

    async registrationOptions(user: SessionUser) {
      const existing = await repo.ofUser(user.id)
      if (existing.length >= maxPasskeysPerUser) {
        throw new PasskeyRefusal(serviceText('service.passkeyLimit', maxPasskeysPerUser), 409)
      }
      const options = await generateRegistrationOptions({
        rpName: rpName(user),
        rpID: relyingParty.rpId,
        userName: user.username,
        userID: isoBase64URL.toBuffer(userHandleOf(user)),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        timeout: challengeTtlMs,
        supportedAlgorithmIDs,
      })
      return { options, challenge: stored(options.challenge, 'register') }
    },

    /** Saves the passkey the browser made; refused (400) when anything does not check out. */
    async register(
      user: SessionUser,
      response: RegistrationResponseJSON,
      held: unknown,
      name: string,
    ): Promise<Passkey> {
      const refuse = async (reason: string): Promise<never> => {
        await audit.record({
          event: 'passkey.register_refused',
          userId: user.id,
          detail: { reason },
        })
        throw new PasskeyRefusal('service.passkeyNotCreated')
      }
      const expectedChallenge = challengeOf(held, 'register')
      if (!expectedChallenge) return refuse('no current challenge')
      const origin = originOf(response.response.clientDataJSON)
      if (!origin) return refuse('origin')
      let verified
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: relyingParty.rpId,
          requireUserVerification: true,
          supportedAlgorithmIDs,
        })
      } catch (error) {
        return refuse(error instanceof Error ? error.message.slice(0, 200) : 'invalid')
      }
      if (!verified.verified) return refuse('not verified')
      const { credential } = verified.registrationInfo
      if ((await repo.ofUser(user.id)).length >= maxPasskeysPerUser) return refuse('too many')
      const added = await repo.add({
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 8),
        name,
        createdAt: clock.now(),
      })
      if (!added) return refuse('credential id taken')
      await audit.record({ event: 'passkey.added', userId: user.id, detail: { passkey: added.id } })
      await notify(user, (b) => templates.passkeyAdded(b, added.name))
      return viewOf(added)
    },

    /** Options naming the user's credentials, or undefined when there are none. */
    async authenticationOptions(user: SessionUser) {
      const existing = await repo.ofUser(user.id)
      if (existing.length === 0) return undefined
      const options = await generateAuthenticationOptions({
        rpID: relyingParty.rpId,
        allowCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports,
        })),
        userVerification: 'required',
        timeout: challengeTtlMs,
      })
      return { options, challenge: stored(options.challenge, 'authenticate') }
    },

    /**
     * An assertion as the second factor. A try of the code lock is spent first (six failed
     * ones lock the account as six wrong codes do); passed, it is a passed factor.
     */
    async authenticate(
      user: SessionUser,
      response: AuthenticationResponseJSON,
      held: unknown,
      marks: DeviceMarks,
      /** The language the request names: a new-device notice is written in it. */
      locale: Locale | null,
    ): Promise<MfaOutcome> {
      const spent = await mfa.spendFactorTry(user)
      if (!spent) return mfa.factorFailed(user, undefined, 'passkey.rejected')
      const failed = async (reason: string) => {
        await audit.record({
          event: 'passkey.assertion_refused',
          userId: user.id,
          detail: { reason },
        })
        return mfa.factorFailed(user, spent.mfaFailedAttempts, 'passkey.rejected')
      }
      const expectedChallenge = challengeOf(held, 'authenticate')
      if (!expectedChallenge) return failed('no current challenge')
      const origin = originOf(response.response.clientDataJSON)
      if (!origin) return failed('origin')
      // The credential must be this user's, and so must the handle the authenticator holds.
      const passkey = await repo.findOfUser(user.id, response.id)
      if (!passkey) return failed('not a credential of this user')
      const handle = response.response.userHandle
      const isUsersHandle = userHandleKeys.some(
        (key) => handle === userHandleOf(user, key) || handle === handleBeforeIssue41(user, key),
      )
      if (handle !== undefined && !isUsersHandle) return failed('user handle')
      let verified
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: relyingParty.rpId,
          credential: {
            id: passkey.credentialId,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        })
      } catch (error) {
        return failed(error instanceof Error ? error.message.slice(0, 200) : 'invalid')
      }
      if (!verified.verified) return failed('not verified')
      const { newCounter } = verified.authenticationInfo
      if (!(await repo.recordUse(passkey.id, newCounter, clock.now()))) return failed('counter')
      return mfa.factorPassed(user, marks, { passkey: passkey.id }, { locale })
    },

    /** The member's own removal (after a factor passed in this sign-in), or support's. */
    async remove(
      user: SessionUser,
      id: number,
      by: { actor: string; reason: string } | 'owner',
    ): Promise<Passkey | undefined> {
      const removed = await repo.remove(user.id, id)
      if (!removed) return undefined
      await audit.record({
        event: 'passkey.removed',
        userId: user.id,
        detail: { passkey: id },
        ...(by === 'owner' ? {} : { actor: by.actor, reason: by.reason }),
      })
      await notify(user, (b) => templates.passkeyRemoved(b, removed.name))
      return viewOf(removed)
    },
  }
}

export type PasskeysService = ReturnType<typeof passkeysService>
