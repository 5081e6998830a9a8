// What the shell around a screen shows. The screens that differ are listed here, once; the
// shell reads the list for the address it shows.
import { screens, type ScreenSegment } from '../config/paths.ts'
import { areaScreenOf } from './guard.ts'

/** Spec §2 screens 4 and 16: "background image and footer hidden", in both areas. */
export const plainScreens: readonly ScreenSegment[] = [
  screens.registerStep3,
  screens.updateTempPasswordSuccess,
]

export interface ShellOptions {
  hasFooter: boolean
  hasBackground: boolean
}

/** The shell's options for the screen at `pathname` (matched as the routes match it). */
export function shellOptionsOf(pathname: string): ShellOptions {
  const screen = areaScreenOf(pathname)?.screen ?? ''
  const isPlain = (plainScreens as readonly string[]).includes(screen)
  return { hasFooter: !isPlain, hasBackground: !isPlain }
}
