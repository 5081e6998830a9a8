// Every path of the portal, in one list (spec §2). Screens that later issues build keep
// their real paths here already, so that links point where the screens will be.
import type { Flavour } from '@portal/contract'

/** Route segments shared by both areas, as the specification spells them. */
export const screens = {
  login: 'login',
  forgotUsername: 'forgot-username',
  forgotPassword: 'forgot-password',
  registerStep1: 'registerstep1',
  updateTempPassword: 'updatetemppassword',
} as const
export type Screen = keyof typeof screens

/** The first path segment of each flavour's area. */
export const areaSegments = {
  usweb: 'usweb',
  pl: 'proliability',
} as const satisfies Record<Flavour, string>

export type AreaPaths = { readonly root: string } & { readonly [S in Screen]: string }

function areaPaths(flavour: Flavour): AreaPaths {
  const base = `/${areaSegments[flavour]}`
  return {
    root: `${base}/`,
    login: `${base}/${screens.login}`,
    forgotUsername: `${base}/${screens.forgotUsername}`,
    forgotPassword: `${base}/${screens.forgotPassword}`,
    registerStep1: `${base}/${screens.registerStep1}`,
    updateTempPassword: `${base}/${screens.updateTempPassword}`,
  }
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
export function flavourOfPath(pathname: string): Flavour {
  const first = pathname.split('/')[1]?.toLowerCase()
  return first === areaSegments.pl ? 'pl' : 'usweb'
}

/** usweb login carrying the program choice, as spec §2 redirects do ("with prgName and level1Org"). */
export function uswebLoginWith(prgName: string, level1Org: string): string {
  const query = new URLSearchParams({ prgName, level1Org })
  return `${paths.usweb.login}?${query.toString()}`
}
