// The two application flavours (spec §1) and every name each one goes by, in one table.
// The calls and the address spell a flavour differently (spec §7, §9): account creation
// writes USWEB / PROLIABILITY, recovery usweb / proliability, and the pl area lives under
// /proliability. Code reads the spelling it needs from here, never a literal.
import type { Flavour, ProgramCode } from './programs.ts'

export interface FlavourNames {
  /** The first path segment of the flavour's area of the portal (spec §2). */
  area: string
  /** `appName` of account creation (createuser). */
  appName: string
  /** `appName` of the recovery calls. */
  recoveryAppName: string
  /** The program when the address names none: usweb's default, pl's only program. */
  defaultProgram: ProgramCode
  /**
   * Spec §8: the key of the flavour's text for a failed call (unexpected status, no answer)
   * in the catalogue's `messages.login`; the text itself is the catalogue's, in every language.
   */
  failureText: 'technicalDifficulties' | 'somethingWentWrong'
}

export const flavours = {
  usweb: {
    area: 'usweb',
    appName: 'USWEB',
    recoveryAppName: 'usweb',
    defaultProgram: 'bclip',
    failureText: 'technicalDifficulties',
  },
  pl: {
    area: 'proliability',
    appName: 'PROLIABILITY',
    recoveryAppName: 'proliability',
    defaultProgram: 'proliability',
    failureText: 'somethingWentWrong',
  },
} as const satisfies Record<Flavour, FlavourNames>

/** Account creation's appName, keyed by flavour: USWEB, PROLIABILITY. */
export const appNames = { usweb: flavours.usweb.appName, pl: flavours.pl.appName } as const

/** The recovery calls' appName, in lower case: usweb, proliability. */
export const recoveryAppNames = [
  flavours.usweb.recoveryAppName,
  flavours.pl.recoveryAppName,
] as const
export type RecoveryAppName = (typeof recoveryAppNames)[number]
