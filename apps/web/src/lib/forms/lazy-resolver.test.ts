import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { formResolver } from './form-schemas.ts'
import { lazyResolver } from './lazy-resolver.ts'

const Schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')) })
const options = { fields: {}, shouldUseNativeValidation: false } as const

describe('a resolver whose schema loads on first use', () => {
  it('judges with the schema once it has loaded, loading it once', async () => {
    let loads = 0
    const resolver = lazyResolver(async () => {
      loads++
      return formResolver(Schema)
    })
    const blank = await resolver({ name: '' }, undefined, options)
    expect(blank.errors.name?.message).toBe('Name is required')
    expect((await resolver({ name: 'Ann' }, undefined, options)).errors).toEqual({})
    expect(loads).toBe(1)
  })

  it('lets the submit on when the schema cannot load, and asks again the next time', async () => {
    let loads = 0
    const resolver = lazyResolver(async () => {
      loads++
      if (loads === 1) throw new Error('chunk gone')
      return formResolver(Schema)
    })
    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: { name: '' },
      errors: {},
    })
    const again = await resolver({ name: '' }, undefined, options)
    expect(again.errors.name?.message).toBe('Name is required')
    expect(loads).toBe(2)
  })
})
