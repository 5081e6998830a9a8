// Spec §2 "Navigation guard" (both areas): a guarded screen opens only when the user comes
// from an allowed previous screen, judged by the address they are on when they navigate.
// Direct entry, a reload, or any other way in goes back to login, without a message.
import type { Flavour } from '@portal/contract'
import { areaSegments, screens, type ScreenSegment } from '../config/paths.ts'

export const guardedScreens = [
  screens.forgotUsername,
  screens.forgotPassword,
  screens.registerStep1,
  screens.registerStep2,
  screens.registerStep3,
  screens.sendUsername,
  screens.resetPassword,
  screens.updateTempPassword,
  screens.updateTempPasswordSuccess,
] as const satisfies readonly ScreenSegment[]
export type GuardedScreen = (typeof guardedScreens)[number]

/**
 * The allowed pairs: previous screen → guarded screens it may open. These are the spec §2
 * pairs plus the two the delivery step needs: the spec lists no pair for the step 2
 * screens, yet forgotusername2 → send-username and forgotpassword2 → reset-password are the
 * only ways the account-number and username recoveries can finish (spec §4 "Recovery").
 */
export const allowedNextScreens = {
  [screens.login]: [
    screens.forgotUsername,
    screens.forgotPassword,
    screens.registerStep1,
    screens.updateTempPassword,
  ],
  [screens.forgotPassword]: [screens.forgotUsername, screens.resetPassword],
  [screens.forgotUsername]: [screens.sendUsername],
  [screens.registerStep1]: [screens.registerStep2],
  [screens.registerStep2]: [screens.registerStep3],
  [screens.updateTempPassword]: [screens.updateTempPasswordSuccess],
  [screens.forgotUsername2]: [screens.sendUsername],
  [screens.forgotPassword2]: [screens.resetPassword],
  // Issue 27 (not in the spec): an account locked by wrong codes is unlocked by a reset, so
  // the support screen offers it.
  [screens.support]: [screens.forgotPassword],
} as const satisfies Partial<Record<ScreenSegment, readonly GuardedScreen[]>>

export interface AreaScreen {
  flavour: Flavour
  /** The screen segment, lower-cased; the area's empty path counts as login. */
  screen: string
}

const flavourOfSegment = new Map<string, Flavour>(
  (Object.entries(areaSegments) as [Flavour, string][]).map(([flavour, segment]) => [
    segment,
    flavour,
  ]),
)

/** Which area and screen a pathname shows; null outside the two areas or deeper than a screen. */
export function areaScreenOf(pathname: string): AreaScreen | null {
  const segments = pathname.split('/').filter(Boolean)
  const flavour = flavourOfSegment.get(segments[0]?.toLowerCase() ?? '')
  if (!flavour || segments.length > 2) return null
  // Routes match without regard to case, so the guard judges them the same way.
  const screen = segments[1]?.toLowerCase() ?? ''
  return { flavour, screen: screen === '' ? screens.login : screen }
}

export function isGuardedScreen(screen: string): screen is GuardedScreen {
  return (guardedScreens as readonly string[]).includes(screen)
}

function nextScreensOf(screen: string): readonly GuardedScreen[] {
  return Object.hasOwn(allowedNextScreens, screen)
    ? allowedNextScreens[screen as keyof typeof allowedNextScreens]
    : []
}

/**
 * May the user, now on `previousPathname`, open `nextPathname`? Screens outside the guard are
 * always open; a guarded one only from an allowed previous screen of the same area.
 */
export function mayEnter(previousPathname: string, nextPathname: string): boolean {
  const next = areaScreenOf(nextPathname)
  if (!next || !isGuardedScreen(next.screen)) return true
  const previous = areaScreenOf(previousPathname)
  if (!previous || previous.flavour !== next.flavour) return false
  return nextScreensOf(previous.screen).includes(next.screen)
}

/** An address the user was shown, and whether the guard let them in. */
export interface Entry {
  pathname: string
  admitted: boolean
}

function isSameScreen(a: string, b: string): boolean {
  const first = areaScreenOf(a)
  const second = areaScreenOf(b)
  return first !== null && first.flavour === second?.flavour && first.screen === second.screen
}

/**
 * Is the user let into `pathname`, coming from the address they are on (`previous`, absent on
 * a first load: direct entry or reload, judged as coming from the very address)? Entering is
 * judged once: staying on the same screen (a re-render, the same link, another query) keeps
 * the answer given when the screen was entered.
 */
export function admits(previous: Entry | undefined, pathname: string): boolean {
  if (previous && isSameScreen(previous.pathname, pathname)) return previous.admitted
  return mayEnter(previous?.pathname ?? pathname, pathname)
}
