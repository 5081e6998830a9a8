// The shape every locale's texts have (issue 24): the English source's keys, each text a
// string, each text with values a function of the same arguments. A translation written
// against `Translation<typeof source>` cannot miss a key or add one (the type check says
// which); `missingKeys` says the same at run time for the coverage test.
import { IntlMessageFormat } from 'intl-messageformat'
import type { EmailText } from './email-values.ts'

export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends (...args: infer A) => EmailText
      ? (...args: A) => EmailText
      : { readonly [K in keyof T]: Translation<T[K]> }

/**
 * A text with values, in ICU message syntax (plurals, selects, numbers), formatted for
 * `locale`. `names` gives the arguments' names in the order the English function takes them.
 */
export function icu<A extends readonly unknown[]>(
  locale: string,
  message: string,
  ...names: { [I in keyof A]: string }
): (...args: A) => string {
  const format = new IntlMessageFormat(message, locale)
  return (...args: A) => {
    const values: Record<string, string | number> = {}
    names.forEach((name, index) => {
      values[name] = args[index] as string | number
    })
    return String(format.format(values))
  }
}

/** The key paths of `source` that `translation` lacks, and those it has that `source` lacks. */
export function missingKeys(source: unknown, translation: unknown, path = ''): string[] {
  const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
  if (!isNode(source) || !isNode(translation)) {
    return typeof source === typeof translation ? [] : [path || '(root)']
  }
  const keys = new Set([...Object.keys(source), ...Object.keys(translation)])
  return [...keys].flatMap((key) => {
    const at = path ? `${path}.${key}` : key
    if (!(key in source)) return [`${at} (only in the translation)`]
    if (!(key in translation)) return [at]
    return missingKeys(source[key], translation[key], at)
  })
}

/** Every text (string leaf) of a catalogue, with its key path. */
export function textsOf(catalogue: unknown, path = ''): Array<[string, string]> {
  if (typeof catalogue === 'string') return [[path, catalogue]]
  if (typeof catalogue !== 'object' || catalogue === null) return []
  return Object.entries(catalogue).flatMap(([key, value]) =>
    textsOf(value, path ? `${path}.${key}` : key),
  )
}
