// The values the portal keeps in session storage (spec §1), under the names the spec uses.
//
// SECURITY: only the program choice, the association and the username live here (spec §1
// lists them as session-held; none is a secret). Passwords, one-time codes and the
// "credentials object" of the original design are never written to any browser storage:
// the login service keeps that state in its own session (DESIGN.md).
import { isFlavour, type Flavour } from '@portal/contract'

export interface StoredSession {
  prgName: string | null
  level1Org: string | null
  applicationName: Flavour | null
  associationName: string | null
  /** The username the user logged in with, for the temporary-password update (spec §7). */
  username: string | null
}

type Key = keyof StoredSession
type StoredValues = { [K in Key]: NonNullable<StoredSession[K]> }

// Storage can be unavailable (privacy modes, sandboxed frames); the portal still works
// within the page, it just forgets the choice on reload.
const memory = new Map<Key, string>()

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function read(key: Key): string | null {
  try {
    return storage()?.getItem(key) ?? memory.get(key) ?? null
  } catch {
    return memory.get(key) ?? null
  }
}

function write(key: Key, value: string): void {
  memory.set(key, value)
  try {
    storage()?.setItem(key, value)
  } catch {
    // Quota or access errors: the in-memory copy above is enough for this page.
  }
}

export function readSession(): StoredSession {
  const applicationName = read('applicationName')
  return {
    prgName: read('prgName'),
    level1Org: read('level1Org'),
    applicationName: isFlavour(applicationName) ? applicationName : null,
    associationName: read('associationName'),
    username: read('username'),
  }
}

/** Writes the values given; the others keep what they hold. */
export function writeSession(values: Partial<StoredValues>): void {
  for (const [key, value] of Object.entries(values) as [Key, string | undefined][]) {
    if (value !== undefined) write(key, value)
  }
}
