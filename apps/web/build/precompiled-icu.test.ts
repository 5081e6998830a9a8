// The build's ICU step formats exactly as intl-messageformat does: the catalogue's source
// (icu calls, run as they are in tests and on the service) against the built code.
import { describe, expect, it } from 'vitest'
import { icu } from '@portal/contract/i18n'
import { precompileIcu } from './precompiled-icu.ts'

/** The built form of one `icu` call, evaluated with `icu` in scope. */
function built<A extends unknown[]>(source: string): (...args: A) => string {
  const code = precompileIcu(source).replace(/icu<[^>]*>/, 'icu')
  return new Function('icu', 'es', `return ${code}`)(icu, 'es-US') as (...args: A) => string
}

describe('precompileIcu', () => {
  it('turns a message of text and plain arguments into a function, without intl-messageformat', () => {
    const source = `icu<[string]>(\n  es,\n  'La cobertura la proporciona {insurer}.',\n  'insurer',\n)`
    expect(precompileIcu(source)).not.toContain('icu')
    const format = built<[string]>(source)
    const library = icu<[string]>('es-US', 'La cobertura la proporciona {insurer}.', 'insurer')
    expect(format('Markel')).toBe(library('Markel'))
    expect(format('Markel')).toBe('La cobertura la proporciona Markel.')
  })

  it('keeps the arguments in the order of the names, and numbers as String() gives them', () => {
    const source = `icu<[number, string]>(es, '{who} tiene {count} intentos.', 'count', 'who')`
    const library = icu<[number, string]>('es-US', '{who} tiene {count} intentos.', 'count', 'who')
    expect(built<[number, string]>(source)(3, 'Ana')).toBe(library(3, 'Ana'))
  })

  it('leaves a plural to intl-messageformat, parsed at build time', () => {
    const message = 'Espere {seconds, plural, one {# segundo} other {# segundos}}.'
    const source = `icu<[number]>(es, '${message}', 'seconds')`
    expect(precompileIcu(source)).toMatch(/^icu<\[number\]>\(es, \[\{/)
    const library = icu<[number]>('es-US', message, 'seconds')
    for (const seconds of [1, 30]) expect(built<[number]>(source)(seconds)).toBe(library(seconds))
  })

  it('refuses a message it cannot parse: the build fails', () => {
    expect(() => precompileIcu(`icu<[string]>(es, 'Hola {nombre', 'nombre')`)).toThrow()
  })
})
