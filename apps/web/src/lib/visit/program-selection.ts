// Spec §1: which program this visit is for, chosen from the page address and remembered
// in session storage for the pages that follow (which carry no program in their address).
import { createContext, use } from 'react'
import {
  findProgram,
  flavours,
  programOfLoginAddress,
  programOf,
  type Flavour,
  type Program,
  type ProgramCode,
} from '@portal/contract'
import { flavourOfPath } from '../../config/paths.ts'
import { readSession, writeSession, type StoredSession } from './session.ts'

export interface ProgramSelection {
  program: Program
  /** The area being shown; also the session's `applicationName`. */
  flavour: Flavour
  /** Sent as velLevel1Org with the login. */
  level1Org: string
  associationName: string
}

// The same shape the login service accepts for velLevel1Org: anything else in the address
// is ignored rather than sent on.
const level1OrgPattern = /^\d{1,6}$/

function isLevel1Org(value: string | null): value is string {
  return value !== null && level1OrgPattern.test(value)
}

function uswebProgram(code: ProgramCode | undefined): ProgramCode | undefined {
  return code && programOf(code).flavour === 'usweb' ? code : undefined
}

export function selectProgram(pathname: string, search: string, stored: StoredSession) {
  const flavour = flavourOfPath(pathname)
  const storedCode = stored.prgName ? findProgram(stored.prgName)?.code : undefined
  const code: ProgramCode =
    programOfLoginAddress(pathname, search) ??
    uswebProgram(storedCode) ??
    flavours.usweb.defaultProgram
  const program = programOf(code)
  const isSameProgram = storedCode === code
  const queryLevel1Org = new URLSearchParams(search).get('level1Org')

  let level1Org = program.level1Org
  if (flavour === 'usweb' && isLevel1Org(queryLevel1Org)) level1Org = queryLevel1Org
  else if (flavour === 'usweb' && isSameProgram && isLevel1Org(stored.level1Org))
    level1Org = stored.level1Org

  const associationName =
    isSameProgram && stored.associationName ? stored.associationName : program.defaultAssociation

  return { program, flavour, level1Org, associationName } satisfies ProgramSelection
}

/** Chooses the program for an address and remembers the choice for this browser tab. */
export function selectAndRememberProgram(address: {
  pathname: string
  search: string
}): ProgramSelection {
  const selection = selectProgram(address.pathname, address.search, readSession())
  writeSession({
    prgName: selection.program.code,
    level1Org: selection.level1Org,
    applicationName: selection.flavour,
    associationName: selection.associationName,
  })
  return selection
}

export const ProgramContext = createContext<ProgramSelection | null>(null)

export function useProgramSelection(): ProgramSelection {
  const selection = use(ProgramContext)
  if (!selection) throw new Error('useProgramSelection needs the root shell’s ProgramContext')
  return selection
}
