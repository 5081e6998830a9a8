// What the verification screens hand on to each other within a tab (spec §4 "MFA screens"):
// the delivery mode chosen on verificationinfostep1 (screen 12 names it), the client-side
// "update my details afterwards" flag, and where a finished verification hands off to.
//
// SECURITY: none of this is a secret; codes and contact details are never stored. The
// service keeps the real state (which method, which code, how many tries) in its session.
import type { DeliveryMethod } from '@portal/contract'
import type { HandoffTarget } from '../../lib/sign-in/handoff.ts'

export interface MfaProgress {
  deliveryMethod: DeliveryMethod | null
  isUpdateRequested: boolean
  /** After a right code with the update flag set: where the hand-off goes once updated. */
  doneTarget: HandoffTarget
  /** When (ms since epoch) the service will send another code (its resend cool-down). */
  codeResendAt: number
  /**
   * Issue 43 (item 10): the first code went at once after enrolment; the method it may be
   * sent by instead ("Send it by text instead"), or null.
   */
  otherMethod: DeliveryMethod | null
}

const keys = {
  deliveryMethod: 'mfaDeliveryMethod',
  isUpdateRequested: 'mfaUpdateRequested',
  doneTarget: 'mfaDoneTarget',
  codeResendAt: 'mfaCodeResendAt',
  otherMethod: 'mfaOtherMethod',
} as const

// Storage can be unavailable (privacy modes, sandboxed frames): the page still works.
const memory = new Map<string, string>()

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key) ?? memory.get(key) ?? null
  } catch {
    return memory.get(key) ?? null
  }
}

function write(key: string, value: string): void {
  memory.set(key, value)
  try {
    window.sessionStorage.setItem(key, value)
  } catch {
    // The in-memory copy serves this page.
  }
}

const methodOf = (value: string | null): DeliveryMethod | null =>
  value === 'email' || value === 'sms' ? value : null

export function readMfaProgress(): MfaProgress {
  const method = read(keys.deliveryMethod)
  return {
    otherMethod: methodOf(read(keys.otherMethod)),
    deliveryMethod: methodOf(method),
    isUpdateRequested: read(keys.isUpdateRequested) === 'true',
    doneTarget: read(keys.doneTarget) === 'landing' ? 'landing' : 'login',
    codeResendAt: Number(read(keys.codeResendAt) ?? 0) || 0,
  }
}

export function writeMfaProgress(values: Partial<MfaProgress>): void {
  if (values.deliveryMethod) write(keys.deliveryMethod, values.deliveryMethod)
  if (values.isUpdateRequested !== undefined) {
    write(keys.isUpdateRequested, String(values.isUpdateRequested))
  }
  if (values.doneTarget) write(keys.doneTarget, values.doneTarget)
  if (values.codeResendAt !== undefined) write(keys.codeResendAt, String(values.codeResendAt))
  if (values.otherMethod !== undefined) write(keys.otherMethod, values.otherMethod ?? '')
}

/** Where a send answer carries the service's cool-down, when another code may be asked for. */
export function resendAtOf(response: { resendAfterSeconds?: number }): number | undefined {
  const seconds = response.resendAfterSeconds
  return seconds === undefined ? undefined : Date.now() + seconds * 1000
}
