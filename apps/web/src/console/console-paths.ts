import { consoleBasePath } from '@portal/contract/console'

export const consolePaths = {
  home: consoleBasePath,
  signIn: `${consoleBasePath}/sign-in`,
  staff: `${consoleBasePath}/staff`,
  password: `${consoleBasePath}/password`,
  member: (username: string) => `${consoleBasePath}/members/${encodeURIComponent(username)}`,
  incident: (ticket: string) => `${consoleBasePath}/incidents/${encodeURIComponent(ticket)}`,
}
