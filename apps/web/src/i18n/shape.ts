// The two parts a language's texts load in (texts.ts): the files declare them from here,
// not from texts.ts, which loads them (no import circle, not even of types).
import type { Texts } from '@portal/contract'

/** What the login page's first load shows: the login flow and every page's frame. */
export type FirstTexts = Pick<Texts, 'login' | 'frame'>
/**
 * Every other flow the portal shows (the emails, and the page before its script, are the
 * service's).
 */
export type RestTexts = Omit<Texts, 'login' | 'frame' | 'emails' | 'pageShell'>
/** Every flow the portal shows. */
export type PortalTexts = Omit<Texts, 'emails' | 'pageShell'>
