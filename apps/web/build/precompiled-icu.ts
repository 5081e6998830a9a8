// Issue 24: the catalogues' ICU messages are parsed here, at build time, so that the portal
// ships intl-messageformat without its parser (6.5 KB brotli): each `icu<…>(locale, '…')`
// call's message becomes the parsed form, which IntlMessageFormat takes as it is, or, for a
// message with no plural, select or number, a plain function. A message the build could not
// parse fails the build.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

// icu<…>(locale, 'message', 'name', …): the locale, the message, and its arguments' names.
const icuCall = /\bicu<[^>]*>\(\s*(\w+),\s*'((?:[^'\\]|\\.)*)'((?:\s*,\s*'\w+')*)\s*,?\s*\)/g

/**
 * A message of text and plain `{name}` arguments only, as a function of those arguments;
 * IntlMessageFormat formats such an argument as `String(value)`, and so does this. Then a
 * page whose texts have no plural or number does not fetch intl-messageformat at all (the
 * Spanish login page: issue 24's 100 KB).
 */
function plainFunction(elements: MessageFormatElement[], names: string[]): string | undefined {
  const parts: string[] = []
  for (const element of elements) {
    if (element.type === TYPE.literal) parts.push(JSON.stringify(element.value))
    else if (element.type === TYPE.argument && names.includes(element.value))
      parts.push(`String(${element.value})`)
    else return undefined
  }
  return `((${names.join(', ')}) => ${parts.join(' + ') || '""'})`
}

export function precompileIcu(code: string): string {
  return code.replace(
    icuCall,
    (call: string, _locale: string, literal: string, nameList: string) => {
      const elements = parse(literal.replace(/\\(.)/g, '$1'))
      const names = [...nameList.matchAll(/'(\w+)'/g)].map((match) => match[1] ?? '')
      return (
        plainFunction(elements, names) ?? call.replace(`'${literal}'`, JSON.stringify(elements))
      )
    },
  )
}

export const precompiledIcu = (): Plugin => ({
  name: 'precompiled-icu',
  enforce: 'pre',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/](i18n|texts[\\/]es-US)[\\/][^\\/]+\.ts$/.test(id) || !code.includes('icu<'))
      return null
    return { code: precompileIcu(code), map: null }
  },
})
