// Wires the navigation guard (guard.ts) into the router's loaders.
import type { LoaderFunctionArgs } from 'react-router'
import { mayEnter } from './guard.ts'
import { toAreaLogin } from './program-loader.ts'

/** The address the user is on: the router's committed location (null before there is one). */
export type CurrentLocation = () => { pathname: string } | null | undefined

/**
 * A loader that lets the navigation through (null) or sends it to the area's login. While a
 * navigation's loaders run, the router still holds the address the user is leaving, which is
 * what the specification judges by. On a first page load (direct entry, reload) the user is
 * on the very address being loaded, which no allowed pair leads from.
 */
export function guardLoader(currentLocation: CurrentLocation) {
  return (args: LoaderFunctionArgs) => {
    const next = new URL(args.request.url).pathname
    const previous = currentLocation()?.pathname ?? next
    return mayEnter(previous, next) ? null : toAreaLogin(args)
  }
}
