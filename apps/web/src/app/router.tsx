// Every address of the portal and the screen it shows (spec §2). Each screen is its own
// chunk, loaded when first visited; nothing is preloaded.
import { lazy, Suspense, type ComponentType } from 'react'
import { useRoutes, type RouteObject } from 'react-router'
import type { Flavour } from '@portal/contract'
import { areaSegments, paths, plOnlyScreens, screens } from '../config/paths.ts'
import { guardedScreens, type GuardedScreen } from './guard.ts'
import { MemberRoot, Redirect, RootShell, ToAreaLogin } from './root-shell.tsx'
import { RouteErrorCatcher, UnexpectedError } from './route-error.tsx'
import { loadAllTexts } from '../i18n/texts.ts'
import { loadScreenModules } from './load-screens.ts'
import type { ScreenName } from './screens.ts'

type ScreenModule = Promise<{ Component: ComponentType }>

/**
 * A lazily loaded screen: a module of routes/ (or the console) exporting `Component`. It
 * loads after the whole text catalogue of the active language (i18n/texts.ts), which its
 * module may read as it loads.
 */
function screen(name: ScreenName): ComponentType {
  return lazy(() =>
    Promise.all([loadAllTexts(), loadScreenModules()])
      .then(([, { screenModules }]) => screenModules[name]())
      .then(({ Component }) => ({ default: Component })),
  )
}

/** The login page: its own texts came with the first load (i18n/texts.ts). */
function loginScreen(load: () => ScreenModule): ComponentType {
  return lazy(() => load().then(({ Component }) => ({ default: Component })))
}

const UswebLogin = loginScreen(() => import('../routes/usweb-login.tsx'))
const PlLogin = loginScreen(() => import('../routes/pl-login.tsx'))

/** The guarded screens built so far; both areas share them. */
const guardedScreenComponents: Partial<Record<GuardedScreen, ComponentType>> = {
  [screens.updateTempPassword]: screen('updateTempPassword'),
  [screens.updateTempPasswordSuccess]: screen('updateTempPasswordSuccess'),
  [screens.registerStep1]: screen('registerStep1'),
  [screens.registerStep2]: screen('registerStep2'),
  [screens.registerStep3]: screen('registerStep3'),
  [screens.forgotUsername]: screen('forgotUsername'),
  [screens.forgotPassword]: screen('forgotPassword'),
  [screens.sendUsername]: screen('sendUsername'),
  [screens.resetPassword]: screen('resetPassword'),
}

/**
 * Every guarded screen of an area; MemberRoot applies the guard (spec §2 "Navigation
 * guard") before any of them renders. A screen not built yet still has its route; once let
 * through it goes on to login, as unknown paths do, until its issue adds the screen above.
 */
const guardedRoutes: RouteObject[] = guardedScreens.map((path) => ({
  path,
  Component: guardedScreenComponents[path] ?? ToAreaLogin,
}))

const ForgotUsername2 = screen('forgotUsername2')
const ForgotPassword2 = screen('forgotPassword2')
const Register2 = screen('register2')

/**
 * Registration and recovery screens outside the guard (spec §2): the delivery choice step 2
 * of both recoveries, and usweb's register2 (pl shows that failure on step 1 instead).
 */
function openRegistrationRecoveryRoutes(flavour: Flavour): RouteObject[] {
  return [
    { path: screens.forgotUsername2, Component: ForgotUsername2 },
    { path: screens.forgotPassword2, Component: ForgotPassword2 },
    ...(flavour === 'usweb' ? [{ path: screens.register2, Component: Register2 }] : []),
  ]
}

const ConfirmVerificationInfo = screen('confirmVerificationInfo')
const ChooseDelivery = screen('verificationInfoStep1')
const VerificationInfoStep2 = screen('verificationInfoStep2')
const VerificationInfoStep3 = screen('verificationInfoStep3')
const UpdateInformation = screen('updateInformation')
const Support = screen('support')
const CreatePasskey = screen('createPasskey')

/** The multi-factor verification screens (spec §2 screens 9-14), not guarded. */
function mfaRoutes(flavour: Flavour): RouteObject[] {
  return [
    { path: screens.confirmVerificationInfoStep1, Component: ConfirmVerificationInfo },
    { path: screens.verificationInfoStep1, Component: ChooseDelivery },
    // pl: `mfa` is the same screen as verificationinfostep1.
    ...(flavour === 'pl' ? [{ path: plOnlyScreens.mfa, Component: ChooseDelivery }] : []),
    { path: screens.verificationInfoStep2, Component: VerificationInfoStep2 },
    { path: screens.verificationInfoStep3, Component: VerificationInfoStep3 },
    { path: screens.updateInformationStep1, Component: UpdateInformation },
    { path: screens.support, Component: Support },
    { path: screens.passkeyOffer, Component: CreatePasskey },
  ]
}

function areaRoutes(flavour: Flavour, Login: ComponentType): RouteObject {
  return {
    path: areaSegments[flavour],
    children: [
      { index: true, Component: Login },
      { path: screens.login, Component: Login },
      ...guardedRoutes,
      ...openRegistrationRecoveryRoutes(flavour),
      ...mfaRoutes(flavour),
    ],
  }
}

const ConsoleApp = screen('console')

function ToUswebLogin() {
  return <Redirect to={paths.usweb.login} />
}

const routes: RouteObject[] = [
  // The staff support console (issue 15): one lazy entry; its code never loads for members.
  {
    path: '/support-console/*',
    element: (
      <RouteErrorCatcher fallback={(error) => <UnexpectedError error={error} />}>
        <ConsoleApp />
      </RouteErrorCatcher>
    ),
  },
  {
    path: '/',
    // What fails outside a screen (the shell, the program choice) shows RouteError alone.
    element: (
      <RouteErrorCatcher>
        <MemberRoot />
      </RouteErrorCatcher>
    ),
    children: [
      { index: true, Component: ToUswebLogin },
      // The redirects above and below show no shell: a first load stays empty until the
      // area's login is there, as the data router's loader redirects left it.
      {
        Component: RootShell,
        children: [areaRoutes('usweb', UswebLogin), areaRoutes('pl', PlLogin)],
      },
      { path: '*', Component: ToAreaLogin },
    ],
  },
]

/**
 * The portal's routes, inside BrowserRouter, which makes every navigation a transition: the
 * screen shown stays until the next one's chunk is there. On a first load the page stays
 * empty for the few ms until the first screen's chunk arrives.
 */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>
}
