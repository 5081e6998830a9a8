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
   * Spec §8: the flavour's text for a failed call (unexpected status, no answer). Part of the
   * catalogue (`messages.login`, through login-page-texts.ts); written here because every
   * page's frame knows its flavour's before any of the catalogue has loaded.
   */
  failureMessage: string
}

export const flavours = {
  usweb: {
    area: 'usweb',
    appName: 'USWEB',
    recoveryAppName: 'usweb',
    defaultProgram: 'bclip',
    failureMessage:
      'Thank you for being our valued customer. Our system is currently experiencing technical difficulties. We apologize for this inconvenience and ask that you try again later... contact your customer service center during business hours, Monday - Friday, 8am-5pm (CT).',
  },
  pl: {
    area: 'proliability',
    appName: 'PROLIABILITY',
    recoveryAppName: 'proliability',
    defaultProgram: 'proliability',
    failureMessage: 'Something went wrong, please try after sometime.',
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
