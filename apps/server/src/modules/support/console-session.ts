// What the console's two route files (console.routes.ts, member-admin.routes.ts) share about a
// staff session: its cookie, and the calls left to a staff member who must choose a password.
import { consoleApiBase } from '@portal/contract/console'

export const consoleCookie = 'console_sid'

/** What a staff member who must choose their own password may still call (A1). */
export const ownPasswordRoutes = new Set([
  `${consoleApiBase}/me`,
  `${consoleApiBase}/sign-out`,
  `${consoleApiBase}/password`,
])
