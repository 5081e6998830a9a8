// A react-hook-form resolver that loads on the form's first check (its first submit), with its
// schema and the schema library (`formResolver` of form-schemas.ts): the form is on screen
// without them.
import type { FieldValues, Resolver } from 'react-hook-form'

export function lazyResolver<T extends FieldValues>(
  loadResolver: () => Promise<Resolver<T>>,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined
  return async (values, context, options) => {
    loading ??= loadResolver()
    let resolve: Resolver<T>
    try {
      resolve = await loading
    } catch {
      // The chunk did not arrive (offline, or gone after a deployment): ask again next time,
      // and let the submit go on; the service judges every field itself, and the call that
      // follows shows the failure message the user needs.
      loading = undefined
      return { values, errors: {} }
    }
    return resolve(values, context, options)
  }
}
