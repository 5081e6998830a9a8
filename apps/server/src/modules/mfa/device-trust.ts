// Trusted devices (issue 28, docs/decisions/0023): where the second factor was passed, the
// service sets a random mark in an HttpOnly, SameSite=Strict cookie (Secure behind TLS) and
// keeps only its keyed hash; a later sign-in from that browser skips the code for
// MFA_DEVICE_TRUST_DAYS. Script on the page cannot read the mark, and the device print of
// spec §7's `mfaDevicePrint` header (kept in localStorage) no longer skips the code alone.
//
// The one place device trust is decided: a passed code, and any other proof that passes the
// second factor (a passkey), calls `remember`; a "remember this device" choice decides
// whether it is called.
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hmac, randomToken } from '../../lib/crypto.ts'
import type { Clock } from '../../lib/clock.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { mfaRepo } from '../../store/mfa.repo.ts'

/** What a browser shows of itself: the cookie's mark, and spec §7's device print header. */
export interface DeviceMarks {
  cookie: string | undefined
  print: string
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
  }
}

/** Sets the cookie when the second factor passed and the device is to be remembered. */
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
  repo: ReturnType<typeof mfaRepo>
  audit: Pick<ReturnType<typeof auditRepo>, 'record'>
  clock: Clock
  deviceKey: Buffer
  deviceTrustDays: number
}

export function deviceTrust({ repo, audit, clock, deviceKey, deviceTrustDays }: Deps) {
  // Two kinds of row in known_devices, told apart by what is hashed: a cookie's mark (with a
  // prefix no device print is given), and a device print from before the cookie (legacy).
  const markHash = (mark: string) => hmac(deviceKey, `cookie-mark:${mark}`)
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
      await repo.rememberDevice(userId, markHash(mark), verifiedAt)
      await audit.record({ event: 'mfa.device_mark_moved_to_cookie', userId })
      return mark
    },

    /**
     * The second factor was passed on this browser: a new mark, trusted from now, replacing
     * the one it carried. Answers the mark for the cookie.
     */
    async remember(userId: number, marks: DeviceMarks): Promise<string> {
      if (marks.cookie) await repo.takeDevice(userId, markHash(marks.cookie), new Date(0))
      const mark = randomToken(32)
      await repo.rememberDevice(userId, markHash(mark), clock.now())
      return mark
    },
  }
}
export type DeviceTrust = ReturnType<typeof deviceTrust>
