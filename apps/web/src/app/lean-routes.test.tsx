// The build's useRoutes, Routes and Navigate (lean-routes.tsx, lean-route-elements.tsx) render what React Router's own do for
// what the portal uses: each address of a table like the portal's (index routes, layout
// routes without a path, params, a splat, descendant <Routes> as the console has), each
// screen reading its params, resolved paths and links, rendered by both and compared.
import { render, screen } from '@testing-library/react'
import {
  MemoryRouter,
  Navigate as LibraryNavigate,
  Outlet,
  Route,
  Routes as LibraryRoutes,
  useHref,
  useLocation,
  useParams,
  useResolvedPath,
  useRoutes as libraryUseRoutes,
  type RouteObject,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { Navigate as LeanNavigate, Routes as LeanRoutes } from './lean-route-elements.tsx'
import { useRoutes as leanUseRoutes } from './lean-routes.tsx'

function Where({ name }: { name: string }) {
  const params = useParams()
  const here = useResolvedPath('.').pathname
  const up = useHref('..')
  const { pathname } = useLocation()
  return <p>{`${name} ${pathname} params=${JSON.stringify(params)} here=${here} up=${up}`}</p>
}

function Layout({ name }: { name: string }) {
  return (
    <section data-name={name}>
      <Outlet />
    </section>
  )
}

/** The console's shape: descendant routes under a splat, with the Routes component. */
function Descendants({ Routes }: { Routes: typeof LibraryRoutes }) {
  return (
    <Routes>
      <Route index element={<Where name="console-home" />} />
      <Route path="members/:username" element={<Where name="member" />} />
      <Route path="*" element={<Where name="console-other" />} />
    </Routes>
  )
}

function table(Routes: typeof LibraryRoutes): RouteObject[] {
  return [
    { path: '/support-console/*', element: <Descendants Routes={Routes} /> },
    {
      path: '/',
      element: <Layout name="root" />,
      children: [
        { index: true, element: <Where name="root-index" /> },
        {
          element: <Layout name="shell" />,
          children: [
            {
              path: 'usweb',
              children: [
                { index: true, Component: () => <Where name="usweb-index" /> },
                { path: 'login', Component: () => <Where name="usweb-login" /> },
                { path: 'reset/:token', Component: () => <Where name="reset" /> },
              ],
            },
          ],
        },
        { path: '*', element: <Where name="unknown" /> },
      ],
    },
  ]
}

const libraryTable = table(LibraryRoutes)
const leanTable = table(LeanRoutes as typeof LibraryRoutes)

function LibraryApp() {
  return libraryUseRoutes(libraryTable)
}

function LeanApp() {
  return leanUseRoutes(leanTable)
}

function html(App: () => React.ReactNode, path: string): string {
  const { container, unmount } = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  )
  const shown = container.innerHTML
  unmount()
  return shown
}

describe('lean useRoutes and Routes', () => {
  it.each([
    '/',
    '/usweb',
    '/usweb/login',
    '/USWEB/Login/',
    '/usweb/reset/a%20b',
    '/usweb/nothing-here',
    '/elsewhere',
    '/support-console',
    '/support-console/members/jdoe',
    '/support-console/incidents/7',
  ])('render %s as the library does', (path) => {
    const library = html(LibraryApp, path)
    expect(library).toContain('<p>')
    expect(html(LeanApp, path)).toBe(library)
  })

  it('render nothing where no route matches, as the library does', () => {
    const only: RouteObject[] = [{ path: '/usweb', element: <Where name="usweb" /> }]
    const Library = () => libraryUseRoutes(only)
    const Lean = () => leanUseRoutes(only)
    expect(html(Library, '/pl')).toBe('')
    expect(html(Lean, '/pl')).toBe('')
  })

  it('render a location given to them, not the address', () => {
    const Library = () => libraryUseRoutes(libraryTable, '/usweb/login')
    const Lean = () => leanUseRoutes(leanTable, '/usweb/login')
    const library = html(Library, '/elsewhere')
    expect(library).toContain('usweb-login')
    expect(html(Lean, '/elsewhere')).toBe(library)
  })
})

describe('lean Navigate', () => {
  function Shown() {
    const location = useLocation()
    return <p>{`${location.pathname} ${JSON.stringify(location.state)}`}</p>
  }

  it.each([
    ['a relative target', '../login'],
    ['an absolute target', '/proliability/login'],
  ])('goes where the library goes, with its state, for %s', async (_, to) => {
    const shownWith = async (Navigate: typeof LibraryNavigate) => {
      const { unmount } = render(
        <MemoryRouter initialEntries={['/usweb/register2']}>
          <LibraryRoutes>
            <Route
              path="/usweb/register2"
              element={<Navigate to={to} replace state={{ from: 'register2' }} />}
            />
            <Route path="*" element={<Shown />} />
          </LibraryRoutes>
        </MemoryRouter>,
      )
      const shown = (await screen.findByText(/from/)).textContent
      unmount()
      return shown
    }
    const library = await shownWith(LibraryNavigate)
    expect(library).toContain('login {"from":"register2"}')
    expect(await shownWith(LeanNavigate)).toBe(library)
  })
})
