// The texts in the shapes the service's code and the tests were written against before the
// texts were filed by flow (issue 42): `messages` (the answers), `screenTexts`, and the
// rest. No text of their own: each is a view of the tree (en-US/, es-US/), at the same keys
// where a flow's key is the same. New code reads the tree (`t.login.title` in the portal).
import type { Texts } from './texts.ts'

/** The texts the service answers with, in the shape of `messages`. */
export function messagesOf<T extends Texts>(t: T) {
  return {
    login: t.login,
    registration: t.registration,
    recovery: t.recovery,
    mfa: t.mfa,
    tempPassword: t.tempPassword,
    validation: {
      ...t.validation,
      usernameRequired: t.login.usernameRequired,
      passwordRequired: t.login.passwordRequired,
    },
    account: t.account,
    service: t.service,
    errorBannerHeading: t.frame.errorBannerHeading,
    failureReference: t.frame.failureReference,
    throttle: { ...t.throttle, tooManyAttempts: t.login.tooManyAttempts },
  }
}

/** The screens' texts, in the shape of `screenTexts`. */
export function screenTextsOf<T extends Texts>(t: T) {
  return {
    login: t.login,
    tempPassword: t.tempPassword,
    registration: t.registration,
    recovery: t.recovery,
    mfa: t.mfa,
    support: t.support,
    session: t.session,
    pageShell: t.pageShell,
    busy: { ...t.frame.busy, ...t.screens.busy },
    passkeys: t.passkeys,
    pageTitles: t.screens.pageTitles,
  }
}

/** The portal's own texts of every page's frame, in the shape of `portalTexts`. */
export function portalTextsOf<T extends Texts>(t: T) {
  const { common, language, header, footer, titles } = t.frame
  return { common: { ...common, ...t.screens.common }, language, header, footer, titles }
}

/** The portal's own texts of the forms, in the shape of `portalFormTexts`. */
export function portalFormTextsOf<T extends Texts>(t: T) {
  return { password: t.password, recovery: t.recovery, mfa: t.mfa }
}

/** Every view of one language's texts (the old `contractTexts` of a locale). */
export function viewsOf<T extends Texts>(t: T) {
  return {
    messages: messagesOf(t),
    passwordRuleLabels: t.password.rules,
    screenTexts: screenTextsOf(t),
    accountLabels: t.screens.accountLabels,
    portalTexts: portalTextsOf(t),
    portalFormTexts: portalFormTextsOf(t),
  }
}
