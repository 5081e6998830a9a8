// Issue 6: every pl screen, at 360 px, with the axe-core check.
import { describe, it } from 'vitest'
import { portalAndBrowser } from './fixtures.ts'
import { expectWholeWalk, walkScreens, walkTimeoutMs } from './screen-walk.ts'

const e2e = portalAndBrowser()

describe('every pl screen', () => {
  it(
    'walks every proliability screen, accessible at 360 px',
    async () => {
      expectWholeWalk('proliability', await walkScreens(e2e.browser, e2e.portal, 'proliability'))
    },
    walkTimeoutMs,
  )
})
