// Issue 24: the screen walks of both flavours again in Spanish (es-US): every screen reached,
// 0 axe violations, <html lang="es-US">, and no English text of the specification or the
// portal left on any of them (screen-walk.ts).
import { describe, it } from 'vitest'
import { portalAndBrowser } from './fixtures.ts'
import { expectWholeWalk, walkScreens, walkTimeoutMs } from './screen-walk.ts'

const e2e = portalAndBrowser()

describe('every screen in Spanish', () => {
  it(
    'walks every proliability screen in es-US',
    async () => {
      const walk = await walkScreens(e2e.browser, e2e.portal, 'proliability', 'es-US')
      expectWholeWalk('proliability', walk)
    },
    walkTimeoutMs,
  )

  it.each(['bclip', 'augustar'] as const)(
    'walks every usweb screen of %s in es-US',
    async (program) => {
      expectWholeWalk(program, await walkScreens(e2e.browser, e2e.portal, program, 'es-US'))
    },
    walkTimeoutMs,
  )
})
