// Start-up failures an operator can fix, said in one line naming the setting, instead of a
// stack trace: the database refused, unknown or unreachable; a port already in use.
import { ConfigError } from './config.ts'

interface SystemError {
  code?: string
  message?: string
  address?: string
  port?: number
}

const databaseReasons: Record<string, string> = {
  ECONNREFUSED: 'the database server refused the connection (is it running, is the port right?)',
  ENOTFOUND: 'the database host name does not resolve',
  EAI_AGAIN: 'the database host name does not resolve (DNS did not answer)',
  ETIMEDOUT: 'the database server did not answer in time',
  EHOSTUNREACH: 'the database host is unreachable',
  '3D000': 'the database does not exist (create it, or fix the name in the URL)',
  '28P01': 'the password was refused',
  '28000': 'the role was refused (unknown role, or pg_hba.conf refuses it)',
  '57P03': 'the database server is starting up or shutting down',
  '53300': 'the database server has no connection slots left',
}

/** A ConfigError naming `setting` when `error` is one of the known start-up failures. */
export function startupFailure(error: unknown, setting: string): unknown {
  if (typeof error !== 'object' || error === null || error instanceof ConfigError) return error
  const { code, message, address, port } = error as SystemError
  if (setting === 'DATABASE_URL') {
    const reason =
      (code && databaseReasons[code]) ??
      (message && /timeout|terminated/i.test(message)
        ? 'the database server did not answer in time'
        : undefined)
    return reason
      ? new ConfigError(`Cannot start: DATABASE_URL: ${reason} (${code ?? message})`)
      : error
  }
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    const where = `${address ?? ''}:${port ?? ''}`
    const reason =
      code === 'EADDRINUSE'
        ? `${where} is already in use (another process listens there)`
        : code === 'EACCES'
          ? `${where} needs privileges this process lacks (use a port above 1023)`
          : `${where} is not an address of this host (HOST)`
    return new ConfigError(`Cannot start: ${setting}: ${reason}`)
  }
  return error
}
