// Issue 43: whether a passkey of this site is known to be on this device, so that "Use your
// passkey" leads only where it can work. Remembered is the date a passkey was made or used in
// this browser (not a secret, like the offer's answer); elsewhere the code leads and the
// passkey is a second choice (it may be on a phone nearby, or in another browser).
const key = 'passkeyOnThisDeviceAt'

/** A passkey was made or used in this browser: next time it leads. */
export function rememberPasskeyHere(now = Date.now()): void {
  try {
    window.localStorage.setItem(key, String(now))
  } catch {
    // Storage unavailable: the passkey stays a second choice here; it still works.
  }
}

/** Whether a passkey was made or used in this browser. */
export function isPasskeyKnownHere(): boolean {
  try {
    return Number(window.localStorage.getItem(key) ?? 0) > 0
  } catch {
    return false
  }
}
