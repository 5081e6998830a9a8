// Spec §4: "Logout clears identity and local storage". The service ends the session and
// answers `Clear-Site-Data: "cookies", "storage"`; the portal also forgets this browser's
// device print itself, for a browser that ignores that header.
import { apiClient } from '../api/api-client.ts'
import { forgetDevice } from '../visit/device.ts'

/**
 * Ends the service session, then opens `loginPath` as a fresh page: the cleared cookies
 * included the anti-forgery token, and a page of the portal is what hands out a new one.
 */
export async function signOutThenOpen(loginPath: string): Promise<void> {
  // Nothing to tell the user if the call fails: the session also ends on its own (idle timeout).
  await apiClient.post('/api/logout')
  forgetDevice()
  window.location.assign(loginPath)
}
