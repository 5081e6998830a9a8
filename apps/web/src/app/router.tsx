import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router'
import type { Flavour } from '@portal/contract'
import { areaSegments, paths, plOnlyScreens, screens } from '../config/paths.ts'
import { guardedScreens, type GuardedScreen } from './guard.ts'
import { guardLoader } from './guard-loader.ts'
import { programLoader, shouldReselectProgram, toAreaLogin } from './program-loader.ts'
import { RootShell } from './root-shell.tsx'
import type { ScreenHandle } from './route-handle.ts'
import { RouteError } from './route-error.tsx'

// Each screen is its own chunk, loaded when first visited; nothing is preloaded (spec §2).
const uswebLogin = () => import('../routes/usweb-login.tsx')
const plLogin = () => import('../routes/pl-login.tsx')

/** Renders nothing: for the fallback while the first chunk loads and for redirect-only routes. */
function Blank() {
  return null
}

/** Spec §2 screens 4 and 16: "background image and footer hidden". */
const plainPage: ScreenHandle = { hidesFooter: true, hidesBackground: true }

/** The guarded screens built so far; both areas share them. */
const guardedScreenRoutes: Partial<Record<GuardedScreen, Pick<RouteObject, 'lazy' | 'handle'>>> = {
  [screens.updateTempPassword]: { lazy: () => import('../routes/update-temp-password.tsx') },
  [screens.updateTempPasswordSuccess]: {
    lazy: () => import('../routes/update-temp-password-success.tsx'),
    handle: plainPage,
  },
  [screens.registerStep1]: { lazy: () => import('../routes/register-step1.tsx') },
  [screens.registerStep2]: { lazy: () => import('../routes/register-step2.tsx') },
  [screens.registerStep3]: {
    lazy: () => import('../routes/register-step3.tsx'),
    handle: plainPage,
  },
  [screens.forgotUsername]: { lazy: () => import('../routes/forgot-username.tsx') },
  [screens.forgotPassword]: { lazy: () => import('../routes/forgot-password.tsx') },
  [screens.sendUsername]: { lazy: () => import('../routes/send-username.tsx') },
  [screens.resetPassword]: { lazy: () => import('../routes/reset-password.tsx') },
}

/**
 * Registration and recovery screens outside the guard (spec §2): the delivery choice step 2
 * of both recoveries, and usweb's register2 (pl shows that failure on step 1 instead).
 */
function openRegistrationRecoveryRoutes(flavour: Flavour): RouteObject[] {
  return [
    { path: screens.forgotUsername2, lazy: () => import('../routes/forgot-username2.tsx') },
    { path: screens.forgotPassword2, lazy: () => import('../routes/forgot-password2.tsx') },
    ...(flavour === 'usweb'
      ? [{ path: screens.register2, lazy: () => import('../routes/register2.tsx') }]
      : []),
  ]
}

/** The multi-factor verification screens (spec §2 screens 9-14), not guarded. */
function mfaRoutes(flavour: Flavour): RouteObject[] {
  const chooseDelivery = () => import('../routes/verification-info-step1.tsx')
  return [
    {
      path: screens.confirmVerificationInfoStep1,
      lazy: () => import('../routes/confirm-verification-info.tsx'),
    },
    { path: screens.verificationInfoStep1, lazy: chooseDelivery },
    // pl: `mfa` is the same screen as verificationinfostep1.
    ...(flavour === 'pl' ? [{ path: plOnlyScreens.mfa, lazy: chooseDelivery }] : []),
    {
      path: screens.verificationInfoStep2,
      lazy: () => import('../routes/verification-info-step2.tsx'),
    },
    {
      path: screens.verificationInfoStep3,
      lazy: () => import('../routes/verification-info-step3.tsx'),
    },
    {
      path: screens.updateInformationStep1,
      lazy: () => import('../routes/update-information.tsx'),
    },
    { path: screens.support, lazy: () => import('../routes/support.tsx') },
  ]
}

// The guard judges by the router's committed location; the router is known once created.
const created: { router?: ReturnType<typeof createBrowserRouter> } = {}
const guard = guardLoader(() => created.router?.state.location)

/**
 * Every guarded screen of an area, behind the guard (spec §2 "Navigation guard"). A screen
 * not built yet still has its guarded route; once let through it goes on to login, as
 * unknown paths do, until its issue adds the screen here.
 */
function guardedRoutes(): RouteObject[] {
  return guardedScreens.map((screen): RouteObject => {
    const screenRoute = guardedScreenRoutes[screen]
    if (!screenRoute) {
      return {
        path: screen,
        loader: (args: LoaderFunctionArgs) => guard(args) ?? toAreaLogin(args),
        Component: Blank,
      }
    }
    return {
      path: screen,
      loader: guard,
      // Entering is judged once; staying on the screen (an action, the same link) is not entering.
      shouldRevalidate: () => false,
      ...screenRoute,
    }
  })
}

function areaRoutes(flavour: Flavour, login: typeof uswebLogin): RouteObject {
  return {
    path: areaSegments[flavour],
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: login },
      { path: screens.login, lazy: login },
      ...guardedRoutes(),
      ...openRegistrationRecoveryRoutes(flavour),
      ...mfaRoutes(flavour),
      { path: '*', loader: toAreaLogin, Component: Blank },
    ],
  }
}

export const router = createBrowserRouter([
  // The staff support console (issue 15): one lazy entry; its code never loads for members.
  {
    path: '/support-console/*',
    lazy: () => import('../console/console-app.tsx'),
    HydrateFallback: Blank,
  },
  {
    id: 'root',
    path: '/',
    loader: programLoader,
    shouldRevalidate: shouldReselectProgram,
    Component: RootShell,
    // The first screen's chunk is on its way; the page stays empty for those few ms.
    HydrateFallback: Blank,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect(paths.usweb.login), Component: Blank },
      areaRoutes('usweb', uswebLogin),
      areaRoutes('pl', plLogin),
      { path: '*', loader: toAreaLogin, Component: Blank },
    ],
  },
])
created.router = router
