// `virtual:common-passwords`: the commonest passwords for the portal's live check (issue 28,
// docs/decisions/0023), taken at build time from the list the service checks against, so the
// portal ships only the top `browserListSize` of it, in the chunk of the screens that set a
// password (never with the login page).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'
import { browserListSize, commonPasswordsFile } from '@portal/contract'

const id = 'virtual:common-passwords'
const resolved = `\0${id}`

export function commonPasswords(): Plugin {
  return {
    name: 'common-passwords',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(source) {
      if (source !== resolved) return undefined
      const file = createRequire(import.meta.url).resolve(commonPasswordsFile)
      const lines = readFileSync(file, 'utf8').split(/\r?\n/, browserListSize + 1)
      const entries = lines.filter((line) => line.length > 0).slice(0, browserListSize)
      return `export default ${JSON.stringify(entries.join('\n'))}`
    },
  }
}
