// The device print of spec §7's MFA calls: a random id made once per browser and kept in
// local storage, so that the service can recognise a device on which the second factor was
// passed (it then skips the code for a while).
//
// SECURITY: this is a "remember this device" marker, not a secret and not a fingerprint of
// the machine. It lets a sign-in skip the code only together with the right password, and
// the service keeps only a keyed hash of it. Nothing about the browser is collected.
import { mfaHeaders } from '@portal/contract'

export const deviceIdKey = 'portalDeviceId'

// Storage can be unavailable (privacy modes, sandboxed frames): the id then lasts the page.
let memoryId: string | null = null

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** A random id; `randomUUID` exists only in secure contexts (https, localhost). */
function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** This browser's device print, made on first use. */
export function devicePrint(): string {
  const store = storage()
  try {
    const stored = store?.getItem(deviceIdKey)
    if (stored) return stored
  } catch {
    // Unreadable storage: fall through to the in-memory id.
  }
  memoryId ??= newDeviceId()
  try {
    store?.setItem(deviceIdKey, memoryId)
  } catch {
    // Quota or access errors: the in-memory id serves this page.
  }
  return memoryId
}

/** Logout (spec §4): the next sign-in from this browser is a new device again. */
export function forgetDevice(): void {
  memoryId = null
  try {
    storage()?.removeItem(deviceIdKey)
  } catch {
    // Unavailable storage held nothing.
  }
}

/**
 * The headers every MFA call carries (spec §7). The client IP is left empty: a browser
 * cannot know it, and the service reads it from the connection.
 */
export function mfaRequestHeaders(userName: string | null): Record<string, string> {
  return {
    [mfaHeaders.clientIp]: '',
    [mfaHeaders.devicePrint]: devicePrint(),
    [mfaHeaders.userName]: userName ?? '',
  }
}
