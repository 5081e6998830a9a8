// The models of spec §3 that the calls of spec §7 send, and each call's request derived from
// its model: the fields the call reads, with their rules, and the rest of the model accepted
// and ignored (issue 26: a client that sends the whole model, as the original portal did,
// gets the same answer as one that sends only what is read). A field the model does not
// name is still refused with the 400 that names it: the requests stay strict objects.
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'

/** The OpenAPI vendor field that marks a request field as accepted but not read by the call. */
export const ignoredMark = 'x-portal-ignored'

/** A spec §3 model: its name, and each field as a call accepts it when it does not read it. */
export interface Model<Shape extends Record<string, $ZodType>> {
  name: string
  fields: Shape
}

export const defineModel = <Shape extends Record<string, $ZodType>>(
  name: string,
  fields: Shape,
): Model<Shape> => ({ name, fields })

/**
 * A field the call accepts and does not read: its value (of the model's loose type) or null,
 * or nothing. Null reads as absent. A new schema each time, so the mark is this call's only.
 */
export function ignored<T extends $ZodType>(field: T, modelName: string) {
  const schema = z.optional(
    z.pipe(
      z.nullable(field),
      z.transform((value) => value ?? undefined),
    ),
  )
  z.globalRegistry.add(schema as $ZodType, {
    description: `Part of the ${modelName} (spec §3): accepted, not read by this call.`,
    [ignoredMark]: true,
  })
  return schema
}

type Ignored<T extends $ZodType> = ReturnType<typeof ignored<T>>

/**
 * The request of a call that sends `model`: the fields in `reads` with their rules (required
 * or not as they say), every other field of the model accepted and ignored, in the model's
 * order, and nothing else.
 */
export function requestOf<
  Shape extends Record<string, $ZodType>,
  Reads extends { [K in keyof Shape]?: $ZodType },
>(model: Model<Shape>, reads: Reads) {
  const shape: Record<string, $ZodType> = {}
  for (const [name, loose] of Object.entries(model.fields)) {
    shape[name] = reads[name] ?? ignored(loose, model.name)
  }
  const read = Object.keys(reads)
  const rest = Object.keys(model.fields).filter((name) => !(name in reads))
  const description =
    `The ${model.name} (spec §3). Reads: ${read.join(', ') || 'none'}.` +
    (rest.length > 0 ? ` Accepts and ignores: ${rest.join(', ')}.` : '')
  type RequestShape = {
    [K in keyof Shape]: K extends keyof Reads
      ? Reads[K] extends $ZodType
        ? Reads[K]
        : never
      : Ignored<Shape[K]>
  }
  return z.strictObject(shape as RequestShape).register(z.globalRegistry, { description })
}
