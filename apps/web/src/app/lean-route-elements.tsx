// React Router's <Routes> and <Navigate> for the build (issue 45), in a module of their own so
// that they come with the screens that use them (the console, a few redirects), not with the
// login page's entry; in the library they are in the one module the entry loads whole.
// <Routes> reads its <Route> children as the library's createRoutesFromChildren does and
// renders them with the lean useRoutes (lean-routes.tsx, which says why). <Navigate> resolves
// its target against the current route and navigates to it once rendered, as the library's
// does; the navigation itself, and its refusal of an address outside the portal, are the
// library's (useNavigate).
import { Children, Fragment, isValidElement, useEffect, type ReactNode } from 'react'
import {
  Route,
  useInRouterContext,
  useNavigate,
  useResolvedPath,
  type NavigateProps,
  type RouteObject,
  type RouteProps,
  type RoutesProps,
} from 'react-router'
import { useRoutes } from './lean-routes.tsx'

function routesOf(children: ReactNode, parentPath: number[] = []): RouteObject[] {
  const routes: RouteObject[] = []
  Children.forEach(children, (element, index) => {
    if (!isValidElement<RouteProps & { children?: ReactNode }>(element)) return
    const treePath = [...parentPath, index]
    if (element.type === Fragment) {
      routes.push(...routesOf(element.props.children, treePath))
      return
    }
    if (element.type !== Route) {
      const name = typeof element.type === 'string' ? element.type : element.type.name
      throw new Error(
        `[${name}] is not a <Route> component. All component children of <Routes> must be a <Route> or <React.Fragment>`,
      )
    }
    const { children: nested, ...props } = element.props
    routes.push({
      ...props,
      id: props.id || treePath.join('-'),
      ...(nested ? { children: routesOf(nested, treePath) } : {}),
    } as RouteObject)
  })
  return routes
}

export function Routes({ children, location }: RoutesProps): ReactNode {
  return useRoutes(routesOf(children), location)
}

export function Navigate({ to, replace, state, relative }: NavigateProps): null {
  if (!useInRouterContext()) {
    throw new Error('<Navigate> may be used only in the context of a <Router> component.')
  }
  const navigate = useNavigate()
  const path = JSON.stringify(useResolvedPath(to, { relative }))
  useEffect(() => {
    void navigate(JSON.parse(path) as ReturnType<typeof useResolvedPath>, {
      replace,
      state,
      relative,
    })
  }, [navigate, path, relative, replace, state])
  return null
}
