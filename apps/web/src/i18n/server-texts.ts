// The service's texts in a translation (issue 24): the service answers in English (spec
// §7), and the portal shows each answer in the active language by the key its English text
// has in the contract's catalogue, never by rewording. Loaded with a translation only.
import { messages as messagesEn } from '@portal/contract'
import type { Catalogue } from './catalogue.ts'

/** Key paths of the English texts, by text. */
function keysOfEnglish(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') found.set(node, path)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) walk(value, [...path, key])
    }
  }
  walk(messagesEn, [])
  return found
}

/** The translator of the service's texts into `messages`; unknown texts are shown as sent. */
export function serverTextTranslator(messages: Catalogue['messages']): (text: string) => string {
  const keys = keysOfEnglish()
  // The one answer with a value: the seconds to wait for a new code (429).
  const [before = '', after = ''] = messagesEn.throttle.waitForNewCode(0).split('0')
  return (text) => {
    if (text.startsWith(before) && text.endsWith(after)) {
      const seconds = Number(text.slice(before.length, text.length - after.length))
      if (Number.isInteger(seconds) && seconds > 0) return messages.throttle.waitForNewCode(seconds)
    }
    let node: unknown = messages
    for (const key of keys.get(text) ?? []) node = (node as Record<string, unknown>)[key]
    return typeof node === 'string' ? node : text
  }
}
