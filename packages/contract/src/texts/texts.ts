// The shape of the portal's texts in every language: the English source's (en-US/index.ts).
import type { enUS } from './en-US/index.ts'
import type { Translation } from './translation.ts'

/** The texts of one language, by flow. */
export type Texts = Translation<typeof enUS>
/** A flow of the texts (`login`, `frame`, `mfa`…), the first part of every key. */
export type Flow = keyof Texts
