// Every message the service answers is a key of the texts (issue 42): the error answer
// carries the English text (spec §7) and, beside it, the key (`messageKey`), by which the
// portal shows the answer in the page's language. The support console's texts, English
// only, are keys under `console`.
import { consoleTexts } from './api/console.ts'
import { enUS } from './texts/en-US/index.ts'
import { textAt } from './text-at.ts'

/** The texts the service answers with, by key: the tree's (texts/en-US/), and the console's. */
export const serviceTexts = { ...enUS, console: consoleTexts } as const

type KeysOf<T, Prefix extends string, Leaf> = {
  [K in keyof T & string]: T[K] extends Leaf
    ? `${Prefix}${K}`
    : T[K] extends string | ((...values: never[]) => string)
      ? never
      : KeysOf<T[K], `${Prefix}${K}.`, Leaf>
}[keyof T & string]

/** A key of a whole text (`service.unknownProgram`, `console.notAllowed`). */
export type MessageKey = KeysOf<typeof serviceTexts, '', string>
/** A key of a text with one value in it (`throttle.waitForNewCode`, `validation.email`). */
export type ValuedMessageKey = KeysOf<typeof serviceTexts, '', (value: never) => string>

/** A text of the service: its key and its English. */
export interface ServiceText {
  key: MessageKey | ValuedMessageKey
  english: string
}

/** The English of a key, with its value when the text has one. */
export function serviceText(key: MessageKey): ServiceText
export function serviceText<K extends ValuedMessageKey>(
  key: K,
  value: Parameters<Extract<ValueOf<K>, (value: never) => string>>[0],
): ServiceText
export function serviceText(key: MessageKey | ValuedMessageKey, value?: unknown): ServiceText {
  const text = textAt(serviceTexts, key)
  const english = typeof text === 'function' ? (text as (value: unknown) => string)(value) : text
  if (typeof english !== 'string') throw new Error(`No service text at ${key}`)
  return { key, english }
}

type ValueOf<K extends string, T = typeof serviceTexts> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueOf<Rest, T[Head]>
    : never
  : K extends keyof T
    ? T[K]
    : never
