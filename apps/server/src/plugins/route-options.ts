// The route a request reached, read once per request. Fastify builds a new `routeOptions`
// object at every read (and asks its router for a version strategy each time); four hooks of
// every request read it (the request context, security headers, the session, metrics), so
// the first read is kept on the request (issue 45).
import type { FastifyInstance, FastifyRequest } from 'fastify'

type RouteOptions = FastifyRequest['routeOptions']

const kept = Symbol('routeOptions')

/**
 * Declares the kept slot on every request (app.ts, before any hook reads it): a property every
 * request object is made with, so keeping the route is a store in place, not a new shape per
 * request.
 */
export function keepRouteOptions(app: FastifyInstance): void {
  app.decorateRequest(kept, null)
}

interface Keeping {
  [kept]?: RouteOptions | null
}

export function routeOptionsOf(request: FastifyRequest): RouteOptions {
  const keeping = request as FastifyRequest & Keeping
  return (keeping[kept] ??= request.routeOptions)
}
