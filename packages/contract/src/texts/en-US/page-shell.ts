// Issue 27 (not in the spec): the login page before its script has run (problem 9), which the
// service writes (apps/server/src/plugins/page-shell.ts). English (en-US), the source: each key
// has its Spanish in ../es-US/page-shell.ts. A flow of its own, not the frame's: the portal's
// scripts never show it, so the login page's first load does not carry it (issue 45).

export const pageShell = {
  loading: 'Loading your secure sign-in…',
  customerService: 'Customer Service',
  noScript: 'This sign-in page needs JavaScript. Please turn it on and reload the page.',
  noScriptCall: 'You can also call customer service at',
} as const
