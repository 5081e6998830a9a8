// The English texts in the shapes the service's code and the tests were written against
// (texts/views.ts): `messages` (every answer of the service), `screenTexts`,
// `passwordRuleLabels`. No text is written here: each is the tree's (texts/en-US/), one key
// per text, filed by flow. The portal reads the tree, not these.
import { enUS } from './texts/en-US/index.ts'
import { messagesOf, portalFormTextsOf, portalTextsOf, screenTextsOf } from './texts/views.ts'

export const messages = /* @__PURE__ */ messagesOf(enUS)

/** Checklist labels of the new-password rules (spec §5), in display order. */
export const passwordRuleLabels = enUS.password.rules

export const screenTexts = /* @__PURE__ */ screenTextsOf(enUS)

export const portalTextsEn = /* @__PURE__ */ portalTextsOf(enUS)
export const portalFormTextsEn = /* @__PURE__ */ portalFormTextsOf(enUS)
