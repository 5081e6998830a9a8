// Issue 24: the catalogues' ICU messages are parsed here, at build time, so that the portal
// ships intl-messageformat without its parser (6.5 KB brotli): each `icu<…>(locale, '…')`
// call's message becomes the parsed form, which IntlMessageFormat takes as it is. A message
// the build could not parse fails the build.
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const icuCall = /(\bicu<[^>]*>\(\s*\w+,\s*)'((?:[^'\\]|\\.)*)'/g

export function precompileIcu(code: string): string {
  return code.replace(
    icuCall,
    (_, head: string, literal: string) =>
      `${head}${JSON.stringify(parse(literal.replace(/\\(.)/g, '$1')))}`,
  )
}

export const precompiledIcu = (): Plugin => ({
  name: 'precompiled-icu',
  enforce: 'pre',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]i18n[\\/][^\\/]+\.ts$/.test(id) || !code.includes('icu<')) return null
    return { code: precompileIcu(code), map: null }
  },
})
