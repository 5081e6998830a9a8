// The screens' chunk (app/screens.ts), apart from the route table: the login screen awaits it
// for its own lazy parts, and the route table imports the login screen (lazily).
import type * as Screens from './screens.ts'

let screenModules: Promise<typeof Screens> | undefined

/**
 * The screens' modules (app/screens.ts) and the login's lazy parts, once; fetched when the
 * member first touches or types on the page, with the rest of the texts. Should they fail to
 * load, the next call tries again.
 */
export function loadScreenModules(): Promise<typeof Screens> {
  screenModules ??= import('./screens.ts').catch((error: unknown) => {
    screenModules = undefined
    throw error
  })
  return screenModules
}
