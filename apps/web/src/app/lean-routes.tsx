// React Router's useRoutes (and Routes, lean-route-elements.tsx) without what only its data routers use (issue 45). The
// library's render the matches through the data router's machinery (route error boundaries,
// its default error screen, hydration fallbacks, redirects thrown from server components),
// which a declarative BrowserRouter never runs but every page loaded with it: 1.9 KB brotli
// of the login page. These match with the library's own `matchRoutes` and give each matched
// route the same RouteContext as the library's, so useParams, useNavigate, Outlet and relative
// links read what they would; only the data router's branches are left out. The production
// build puts them in place of the library's (`leanReactRouter` in vite.config.ts); the code
// imports `react-router`. A failing screen is caught by the portal's own RouteErrorCatcher
// (app/route-error.tsx), as it was, since without a data router the library catches nothing.
import { createElement, useContext, type ReactElement, type ReactNode } from 'react'
import {
  matchRoutes,
  NavigationType,
  parsePath,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  useInRouterContext,
  useLocation,
  type Location,
  type RouteMatch,
  type RouteObject,
} from 'react-router'

const joinPaths = (paths: string[]) => paths.join('/').replace(/[\\/]{2,}/g, '/')

export function useRoutes(
  routes: RouteObject[],
  locationArg?: Partial<Location> | string,
): ReactNode {
  if (!useInRouterContext()) {
    throw new Error('useRoutes() may be used only in the context of a <Router> component.')
  }
  const { navigator } = useContext(NavigationContext)
  const { matches: parentMatches } = useContext(RouteContext)
  const routeMatch = parentMatches[parentMatches.length - 1]
  const parentParams = routeMatch ? routeMatch.params : {}
  const parentPathnameBase = routeMatch ? routeMatch.pathnameBase : '/'
  const locationFromContext = useLocation()
  const location = locationArg
    ? typeof locationArg === 'string'
      ? parsePath(locationArg)
      : locationArg
    : locationFromContext
  const pathname = location.pathname || '/'
  let remainingPathname = pathname
  if (parentPathnameBase !== '/') {
    const parentSegments = parentPathnameBase.replace(/^\//, '').split('/')
    const segments = pathname.replace(/^\//, '').split('/')
    remainingPathname = '/' + segments.slice(parentSegments.length).join('/')
  }
  const matches = matchRoutes(routes, { pathname: remainingPathname })
  if (!matches) return null
  // As the library does: the matched pathnames encoded again, below the parent's.
  const encoded = (path: string) =>
    navigator.encodeLocation
      ? navigator.encodeLocation(
          path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'),
        ).pathname
      : path
  const rendered: RouteMatch[] = matches.map((match) => ({
    ...match,
    params: { ...parentParams, ...match.params },
    pathname: joinPaths([parentPathnameBase, encoded(match.pathname)]),
    pathnameBase:
      match.pathnameBase === '/'
        ? parentPathnameBase
        : joinPaths([parentPathnameBase, encoded(match.pathnameBase)]),
  }))
  const element = rendered.reduceRight<ReactElement | null>(
    (outlet, match, index) =>
      createElement(
        RouteContext.Provider,
        {
          value: {
            outlet,
            matches: parentMatches.concat(rendered.slice(0, index + 1)),
            isDataRoute: false,
          },
        },
        match.route.Component
          ? createElement(match.route.Component)
          : match.route.element || outlet,
      ),
    null,
  )
  if (!locationArg) return element
  return createElement(
    LocationContext.Provider,
    {
      value: {
        location: {
          pathname: '/',
          search: '',
          hash: '',
          state: null,
          key: 'default',
          mask: undefined,
          ...location,
        } as Location,
        navigationType: NavigationType.Pop,
      },
    },
    element,
  )
}
