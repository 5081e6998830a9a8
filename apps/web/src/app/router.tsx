import { createBrowserRouter, redirect } from 'react-router'
import { areaSegments, paths, screens } from '../config/paths.ts'
import { programLoader, shouldReselectProgram, toAreaLogin } from './program-loader.ts'
import { RootShell } from './root-shell.tsx'
import { RouteError } from './route-error.tsx'

// Each screen is its own chunk, loaded when first visited; nothing is preloaded (spec §2).
const uswebLogin = () => import('../routes/usweb-login.tsx')
const plLogin = () => import('../routes/pl-login.tsx')

/** Renders nothing: for the fallback while the first chunk loads and for redirect-only routes. */
function Blank() {
  return null
}

export const router = createBrowserRouter([
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
      {
        path: areaSegments.usweb,
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: uswebLogin },
          { path: screens.login, lazy: uswebLogin },
          { path: '*', loader: toAreaLogin, Component: Blank },
        ],
      },
      {
        path: areaSegments.pl,
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: plLogin },
          { path: screens.login, lazy: plLogin },
          { path: '*', loader: toAreaLogin, Component: Blank },
        ],
      },
      { path: '*', loader: toAreaLogin, Component: Blank },
    ],
  },
])
