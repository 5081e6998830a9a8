// The rest of the texts in es-US (texts.ts `loadAllTexts`): every flow past the login page, a
// chunk of its own, fetched when the member starts using the page.
import { pastLogin } from '@portal/contract/texts/es-US/past-login'
import type { RestTexts } from './shape.ts'

export const rest: RestTexts = pastLogin
