// The portal as a member meets it, for the web tests: the real routes at an address, and a
// fake login service behind `fetch`. Nothing of the portal's own is mocked, so a test says
// what a person sees and does, and survives the code being moved around.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { AppRoutes } from '../app/router.tsx'

/** What the fake service answers: a status (200 unless told) and a JSON body. */
export interface FakeAnswer {
  status?: number
  json?: unknown
}

/** A call the portal made: its method, path (with query) and body (JSON or form fields). */
export interface FakeCall {
  method: string
  path: string
  body: unknown
  headers: Headers
}

type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>)

/** The customer-service number every page's header asks for (spec §1). */
export const programPhone = '800-555-0100'

const everyPage: Record<string, Handler> = {
  'GET /api/customer-api/getPOMailingAddress/*': { json: { PHONE: programPhone } },
  // Issue 27: the verification screens ask how long the sign-in has; plenty, unless told.
  'GET /api/portal/session': { json: { secondsLeft: 900, warnBeforeSeconds: 120 } },
}

function bodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body
  if (body === undefined || body === null) return undefined
  const text = String(body)
  const type = new Headers(init?.headers).get('content-type') ?? ''
  if (type.includes('json')) return JSON.parse(text) as unknown
  return Object.fromEntries(new URLSearchParams(text))
}

function matches(route: string, method: string, path: string): boolean {
  const [routeMethod, routePath = ''] = route.split(' ')
  if (routeMethod !== method) return false
  const bare = path.split('?')[0] ?? path
  return routePath.endsWith('*') ? bare.startsWith(routePath.slice(0, -1)) : bare === routePath
}

/**
 * Replaces `fetch` with a service that answers `routes` ('POST /api/…': answer or handler);
 * a call to anything else gets a 404 and is listed in `unexpected`.
 */
export function fakeService(routes: Record<string, Handler> = {}) {
  const calls: FakeCall[] = []
  const unexpected: string[] = []
  const all = { ...everyPage, ...routes }
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: bodyOf(init),
      headers: new Headers(init?.headers),
    }
    calls.push(call)
    const route = Object.keys(all).find((key) => matches(key, call.method, call.path))
    const handler = route ? all[route] : undefined
    if (!handler) unexpected.push(`${call.method} ${call.path}`)
    const answer = !handler
      ? { status: 404, json: { error: 'Not Found', message: 'Not Found' } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  /** The calls made to one route ('POST /api/…'). */
  const callsTo = (route: string) => calls.filter((call) => matches(route, call.method, call.path))
  return { calls, callsTo, unexpected }
}

/** An answer the test releases when it wants: for what the screen shows while it waits. */
export function heldAnswer() {
  let release: (answer: FakeAnswer) => void = () => undefined
  const answer = new Promise<FakeAnswer>((resolve) => {
    release = resolve
  })
  return { handler: () => answer, release }
}

/** Opens the portal at `address` (a path with its query), as typed into the address bar. */
export function renderPortal(address: string, state?: unknown) {
  // user-event's default: it yields between keys, so React renders each keystroke before the
  // next. Without that pause (`delay: null`) a busy runner could see keys lost in a controlled
  // field: ' agent@example.com ' arrived as 'a', and an invalid email never submits.
  const user = userEvent.setup()
  const [pathname = '/', search = ''] = address.split('?')
  const entry = { pathname, search: search ? `?${search}` : '', state }
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <AppRoutes />
    </MemoryRouter>,
  )
  return { user, ...view }
}
