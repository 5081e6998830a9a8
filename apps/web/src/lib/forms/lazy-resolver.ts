// A react-hook-form resolver whose schema, and the schema library with it, load on the
// form's first check (its first submit): the form is on screen without them.
import type { FieldValues, Resolver } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'

export function lazyResolver<T extends FieldValues>(
  loadSchema: () => Promise<$ZodType<unknown, T>>,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined
  return async (values, context, options) => {
    loading ??= Promise.all([import('./form-schemas.ts'), loadSchema()]).then(
      ([{ formResolver }, schema]) => formResolver(schema),
    )
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
