// The login page's texts in en-US (texts.ts `loadLocale`): the login flow and every page's frame,
// by construction the two files the login page's first load fetches.
import { frame } from '@portal/contract/texts/en-US/frame'
import { login } from '@portal/contract/texts/en-US/login'
import type { FirstTexts } from './shape.ts'

export const first: FirstTexts = { login, frame }
