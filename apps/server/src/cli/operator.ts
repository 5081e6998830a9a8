// Who runs portal-admin, for the audit rows of its changes: PORTAL_OPERATOR, else the login
// name; and the --reason given (or a default naming the command).
import { userInfo } from 'node:os'

export const operatorActor = () => `operator:${process.env.PORTAL_OPERATOR || userInfo().username}`

/** `--reason <text>` out of the arguments, and the arguments without it. */
export function takeReason(args: string[], fallback: string): { reason: string; rest: string[] } {
  const at = args.indexOf('--reason')
  if (at < 0) return { reason: fallback, rest: args }
  const reason = args[at + 1] ?? ''
  return { reason: reason || fallback, rest: [...args.slice(0, at), ...args.slice(at + 2)] }
}
