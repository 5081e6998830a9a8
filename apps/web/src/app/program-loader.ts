import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router'
import { paths, uswebLoginWith, flavourOfPath } from '../config/paths.ts'
import { readSession } from '../lib/session.ts'
import { selectAndRememberProgram, selectProgram } from '../lib/program-selection.ts'

/** Root loader: every navigation chooses the program from the address (spec §1). */
export function programLoader({ request }: LoaderFunctionArgs) {
  return selectAndRememberProgram(new URL(request.url))
}

/** The choice depends on the whole address, so it is made again whenever that changes. */
export function shouldReselectProgram({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search
}

/**
 * Unknown paths go to their area's login; usweb keeps the program and level1Org that the
 * session holds (spec §2 "Navigation guard": "in usweb with the stored prgName and level1Org").
 */
export function toAreaLogin({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (flavourOfPath(url.pathname) === 'pl') return redirect(paths.pl.login)
  const { program, level1Org } = selectProgram(url.pathname, url.search, readSession())
  return redirect(uswebLoginWith(program.code, level1Org))
}
