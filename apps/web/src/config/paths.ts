// Every path of the portal, in one list (spec §2). Screens that later issues build keep
// their real paths here already, so that links and the navigation guard point where the
// screens will be.
import { flavourOfAddress, flavours, type Flavour } from '@portal/contract'

/** Route segments shared by both areas, as the specification spells them. */
export const screens = {
  login: 'login',
  forgotUsername: 'forgot-username',
  forgotPassword: 'forgot-password',
  sendUsername: 'send-username',
  resetPassword: 'reset-password',
  registerStep1: 'registerstep1',
  registerStep2: 'registerstep2',
  registerStep3: 'registerstep3',
  updateTempPassword: 'updatetemppassword',
  updateTempPasswordSuccess: 'updatetemppasswordsuccess',
  /** usweb: where registration goes when the existing-account check errors (spec §2). */
  register2: 'register2',
  /** Delivery choice step 2 of the recoveries (spec §2 screen 7; read custNum or username). */
  forgotUsername2: 'forgotusername2',
  forgotPassword2: 'forgotpassword2',
  /** Multi-factor verification (spec §2 screens 9-14; not guarded). */
  confirmVerificationInfoStep1: 'confirmverificationinfostep1',
  verificationInfoStep1: 'verificationinfostep1',
  verificationInfoStep2: 'verificationinfostep2',
  verificationInfoStep3: 'verificationinfostep3',
  updateInformationStep1: 'updateinformationstep1component',
  support: 'support',
  /** Issue 23 (not in the spec): the passkey offer after a code, before the hand-off. */
  passkeyOffer: 'createpasskey',
} as const

/** pl only: `mfa` is another path of verificationinfostep1 (spec §2 "proliability area"). */
export const plOnlyScreens = { mfa: 'mfa' } as const
export type Screen = keyof typeof screens
export type ScreenSegment = (typeof screens)[Screen]

/** The first path segment of each flavour's area. */
export const areaSegments = {
  usweb: flavours.usweb.area,
  pl: flavours.pl.area,
} as const satisfies Record<Flavour, string>

export type AreaPaths = { readonly root: string } & { readonly [S in Screen]: string }

function areaPaths(flavour: Flavour): AreaPaths {
  const base = `/${areaSegments[flavour]}`
  const entries = (Object.keys(screens) as Screen[]).map((screen) => [
    screen,
    `${base}/${screens[screen]}`,
  ])
  return { root: `${base}/`, ...Object.fromEntries(entries) } as AreaPaths
}

export const paths = {
  home: '/',
  usweb: areaPaths('usweb'),
  pl: areaPaths('pl'),
} as const

export function pathsOf(flavour: Flavour): AreaPaths {
  return paths[flavour]
}

/** The flavour whose area contains a pathname (anything outside /proliability is usweb). */
export const flavourOfPath: (pathname: string) => Flavour = flavourOfAddress

/** usweb login carrying the program choice, as spec §2 redirects do ("with prgName and level1Org"). */
export function uswebLoginWith(prgName: string, level1Org: string): string {
  const query = new URLSearchParams({ prgName, level1Org })
  return `${paths.usweb.login}?${query.toString()}`
}

/** The area's login: pl's own, usweb's with the program choice. */
export function areaLoginWith(flavour: Flavour, prgName: string, level1Org: string): string {
  return flavour === 'pl' ? paths.pl.login : uswebLoginWith(prgName, level1Org)
}

/**
 * Issue 27 (problem 8): a login address that fills in the username, by the login's `cname`
 * query parameter (spec §2 names it for pl; usweb reads it too). A username is no secret;
 * the password never travels this way.
 */
export function withLoginUsername(loginPath: string, username: string | null | undefined): string {
  if (!username) return loginPath
  const [path = loginPath, search = ''] = loginPath.split('?', 2)
  const query = new URLSearchParams(search)
  query.set('cname', username)
  return `${path}?${query.toString()}`
}
