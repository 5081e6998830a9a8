// Spec §4 "MFA status mapping", "MFA screens" and "Hand-off when MFA completes": where the
// portal goes after each answer of the MFA service, as pure functions of that answer. The
// login (step 5) and every verification screen decide here, so the rules live in one place.
import {
  invalidMobileErrorCode,
  myAccountScreen,
  nextAfterLogin,
  type CwMfaResponse,
  type Flavour,
  type MfaScreen,
} from '@portal/contract'
import { t } from '../../i18n/texts.ts'
import { pathsOf, plOnlyScreens, screens, type Screen } from '../../config/paths.ts'
import type { HandoffTarget } from './handoff.ts'

/** The portal's verification screens (spec §2 screens 9-14). */
export const mfaScreenKeys = [
  'confirmVerificationInfoStep1',
  'verificationInfoStep1',
  'verificationInfoStep2',
  'verificationInfoStep3',
  'updateInformationStep1',
  'support',
] as const satisfies readonly Screen[]
export type MfaScreenKey = (typeof mfaScreenKeys)[number]

export type MfaStep =
  /**
   * Go to a verification screen; `incidentID` is the support ticket, when there is one, and
   * `isLockout` says the account was just locked by wrong codes (issue 27).
   */
  | { kind: 'screen'; screen: MfaScreenKey; incidentID: string | null; isLockout?: boolean }
  /** MFA is complete: leave the portal. */
  | { kind: 'handoff'; target: HandoffTarget }
  /** Stay on the screen and show the message (spec §8 MFA messages). */
  | { kind: 'stay'; message: string }
  /** Issue 23: offer a passkey on a screen of its own, then hand off to `target`. */
  | { kind: 'passkeyOffer'; target: HandoffTarget }

const screenOfSegment = new Map<string, MfaScreenKey>([
  ...mfaScreenKeys.map((key) => [screens[key], key] as const),
  // pl names verificationinfostep1 also `mfa` (spec §2).
  [plOnlyScreens.mfa, 'verificationInfoStep1'],
])

/** The screen a next-screen name means, or undefined for a name the portal does not have. */
export function mfaScreenOf(name: string): MfaScreenKey | undefined {
  return screenOfSegment.get(name.trim().toLowerCase())
}

function toScreen(name: MfaScreen | string, response: CwMfaResponse | null): MfaStep {
  const screen = mfaScreenOf(name) ?? 'support'
  const incidentID = response?.incidentID ?? null
  return response?.statusCode === 'LOCKOUT'
    ? { kind: 'screen', screen, incidentID, isLockout: true }
    : { kind: 'screen', screen, incidentID }
}

/** The spec §4 table, with the hand-off to the main site's login for "direct redirect". */
function byStatusTable(response: CwMfaResponse | null): MfaStep {
  const next = nextAfterLogin(response)
  return next.kind === 'handoff'
    ? { kind: 'handoff', target: 'login' }
    : toScreen(next.screen, response)
}

/** Statuses that the spec §4 table sends to the support screen. */
const supportStatuses = new Set(['LOCKOUT', 'ERROR_MFA', 'INCIDENT_CREATED'])

/**
 * Spec §4 login step 5. usweb follows the status table ("MFA status mapping (usweb login)");
 * pl goes to "/proliability/{mfa status}" when the outcome is non-empty, and is handed off
 * when the response is null or its status maps to empty.
 */
export function stepAfterLogin(flavour: Flavour, response: CwMfaResponse | null): MfaStep {
  if (flavour === 'usweb') return byStatusTable(response)
  if (!response) return { kind: 'handoff', target: 'login' }
  return stepAfterResponse(response)
}

export interface StepOptions {
  /** The "update my verification contact details" choice of verificationinfostep1. */
  isUpdateRequested?: boolean
  /** Where "done" (an empty next screen) hands off to; the main site's login unless told. */
  doneTarget?: HandoffTarget
}

/**
 * The screens after login: "the next-screen name comes from each server response; an empty
 * result means MFA is complete and the user is handed off" (spec §4).
 */
export function stepAfterResponse(response: CwMfaResponse, options: StepOptions = {}): MfaStep {
  const { statusCode, mfaErrorCode, nextScreen } = response
  // Spec §8: both are answered on the screen itself.
  if (statusCode === 'ERROR_MFA' && mfaErrorCode === invalidMobileErrorCode) {
    return { kind: 'stay', message: t.mfa.invalidMobile }
  }
  if (statusCode === 'AUTHENTICATION_FAILED') return { kind: 'stay', message: t.mfa.wrongCode }
  // Spec §4 "On submit success: if an 'update' flag is set, go to updateinformationstep1component".
  if (statusCode === 'AUTHENTICATION_SUCCESS' && options.isUpdateRequested) {
    return { kind: 'screen', screen: 'updateInformationStep1', incidentID: null }
  }
  if (nextScreen === myAccountScreen) return { kind: 'handoff', target: 'landing' }
  if (nextScreen.trim() === '') {
    // An empty name with a support status is not "complete": the user cannot be handed off.
    if (statusCode && supportStatuses.has(statusCode)) return toScreen('support', response)
    return { kind: 'handoff', target: options.doneTarget ?? 'login' }
  }
  if (mfaScreenOf(nextScreen)) return toScreen(nextScreen, response)
  // A name this portal does not have: the status table decides instead.
  return byStatusTable(response)
}

/**
 * What the support screen shows: the ticket the service answered with in this tab, carried
 * in the navigation's history state. A link from elsewhere can set the query parameter but
 * not the state, so the screen never shows text taken from an address (L4).
 */
export function supportScreenState(
  incidentID: string | null,
  isLockout = false,
): { incidentID: string | null; isLockout?: true } {
  return isLockout ? { incidentID, isLockout } : { incidentID }
}

/** Whether a navigation state says the account was just locked by wrong codes (issue 27). */
export function isLockoutState(state: unknown): boolean {
  return (state as { isLockout?: unknown } | null)?.isLockout === true
}

/** The ticket in a navigation state, if it is one the service issues (INC + 14 digits). */
export function incidentOfState(state: unknown): string {
  const incidentID = (state as { incidentID?: unknown } | null)?.incidentID
  return typeof incidentID === 'string' && /^INC\d{14}$/.test(incidentID) ? incidentID : ''
}

/** The query parameter that names the ticket in the support screen's address. */
export const incidentParam = 'incidentID'

/** The address of a verification screen in an area; support carries the ticket, if any. */
export function mfaScreenPath(
  flavour: Flavour,
  screen: MfaScreenKey,
  incidentID: string | null = null,
): string {
  const path = pathsOf(flavour)[screen]
  if (screen !== 'support' || !incidentID) return path
  return `${path}?${new URLSearchParams({ [incidentParam]: incidentID }).toString()}`
}
