// Trusted devices (issue 28, docs/decisions/0023): where the second factor was passed, the
// service sets a random mark in an HttpOnly, SameSite=Strict cookie (Secure behind TLS) and
// keeps only its keyed hash; a later sign-in from that browser skips the code for
// MFA_DEVICE_TRUST_DAYS. Script on the page cannot read the mark, and the device print of
// spec §7's `mfaDevicePrint` header (kept in localStorage) no longer skips the code alone.
//
// The one place device trust is decided: a passed code, and any other proof that passes the
// second factor (a passkey), calls `passedOn`; a "remember this device" choice decides
// whether the new mark is trusted.
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hmac, randomToken } from '../../lib/crypto.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Store } from '../../store/index.ts'

/**
 * What a browser shows of itself: the cookie's mark, spec §7's device print header, and its
 * User-Agent (for the new-device notice only; it identifies nothing).
 */
export interface DeviceMarks {
  cookie: string | undefined
  print: string
  userAgent?: string | undefined
}

/** The cookie that carries the mark; `__Host-` behind TLS, like the session's. */
export function deviceCookieOf(isCookieSecure: boolean, deviceTrustDays: number) {
  const options: CookieSerializeOptions = {
    path: '/',
    httpOnly: true,
    secure: isCookieSecure,
    sameSite: 'strict',
    maxAge: deviceTrustDays * 86_400,
  }
  return { name: isCookieSecure ? '__Host-portal_device' : 'portal_device', options }
}
export type DeviceCookie = ReturnType<typeof deviceCookieOf>

/** The marks a request carries: the cookie's, and the spec's header (both bounded). */
export function deviceMarksOf(request: FastifyRequest, cookie: DeviceCookie): DeviceMarks {
  const print = request.headers.mfadeviceprint
  return {
    cookie: request.cookies[cookie.name]?.slice(0, 200) || undefined,
    print: typeof print === 'string' ? print.slice(0, 2000) : '',
    userAgent: request.headers['user-agent']?.slice(0, 500),
  }
}

/**
 * Sets the cookie when the second factor passed: trusted when the member chose it, and in
 * any case the mark by which the next pass here is known (the new-device notice, issue 40).
 */
export function setDeviceMark(
  reply: FastifyReply,
  cookie: DeviceCookie,
  outcome: { kind: string; deviceMark?: string },
): void {
  if (outcome.kind === 'passed' && outcome.deviceMark) {
    reply.setCookie(cookie.name, outcome.deviceMark, cookie.options)
  }
}

interface Deps {
  repo: Store['mfa']
  audit: Pick<Store['audit'], 'record'>
  clock: Clock
  deviceKey: Buffer
  deviceTrustDays: number
}

export function deviceTrust({ repo, audit, clock, deviceKey, deviceTrustDays }: Deps) {
  // Two kinds of row in known_devices, told apart by what is hashed: a cookie's mark (with a
  // prefix no device print is given), and a device print from before the cookie (legacy).
  const markHash = (mark: string) => hmac(deviceKey, `cookie-mark:${mark}`)
  // The same mark, as seen_devices keeps it: known, trusted or not (issue 40).
  const seenHash = (mark: string) => hmac(deviceKey, `seen-mark:${mark}`)
  const printHash = (print: string) => hmac(deviceKey, print)
  const trustedSince = () => new Date(clock.now().getTime() - deviceTrustDays * 86_400_000)

  return {
    trustedSince,
    /** The hash to look the browser's cookie up by ('' without one: no row has it). */
    hashOf: (marks: DeviceMarks) => (marks.cookie ? markHash(marks.cookie) : ''),

    /**
     * A device print trusted before the cookie existed is honoured once: its row is taken
     * (deleted), and a cookie mark with the same start replaces it, so its 30 days end when
     * they would have. Answers the new mark, or undefined when the print is not trusted.
     */
    async takeOverPrint(userId: number, marks: DeviceMarks): Promise<string | undefined> {
      if (!marks.print) return undefined
      const verifiedAt = await repo.takeDevice(userId, printHash(marks.print), trustedSince())
      if (!verifiedAt) return undefined
      const mark = randomToken(32)
      await repo.rememberDevice(userId, markHash(mark), verifiedAt, trustedSince())
      await audit.record({ event: 'mfa.device_mark_moved_to_cookie', userId })
      return mark
    },

    /**
     * The second factor was passed on this browser: a new mark replacing the one it carried,
     * trusted from now when `isTrusted` (the member's choice), known in any case. Answers the
     * mark for the cookie, and whether a factor had passed on this browser before (its old
     * mark was known or trusted, at any age).
     */
    async passedOn(
      userId: number,
      marks: DeviceMarks,
      isTrusted: boolean,
    ): Promise<{ mark: string; isNewDevice: boolean }> {
      const old = marks.cookie
      const wasTrusted =
        old !== undefined &&
        (await repo.takeDevice(userId, markHash(old), new Date(0))) !== undefined
      const wasSeen = old !== undefined && (await repo.takeSeenDevice(userId, seenHash(old)))
      const mark = randomToken(32)
      const now = clock.now()
      // Rows older than the cookie's life name marks no browser carries: they go as we pass.
      const staleBefore = trustedSince()
      await repo.addSeenDevice(userId, seenHash(mark), now, staleBefore)
      if (isTrusted) await repo.rememberDevice(userId, markHash(mark), now, staleBefore)
      return { mark, isNewDevice: !wasTrusted && !wasSeen }
    },
  }
}
export type DeviceTrust = ReturnType<typeof deviceTrust>
