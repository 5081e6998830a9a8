// Issue 6: every usweb screen of the dtc and cabar programs, at 360 px, with the axe-core check.
import { describe, it } from 'vitest'
import type { ProgramCode } from '@portal/contract'
import { portalAndBrowser } from './fixtures.ts'
import { expectWholeWalk, walkScreens, walkTimeoutMs } from './screen-walk.ts'

const e2e = portalAndBrowser()

const programs: ProgramCode[] = ['dtcria', 'cabar']

describe('every usweb screen', () => {
  it.each(programs)(
    'walks every screen of %s, accessible at 360 px',
    async (program) => {
      expectWholeWalk(program, await walkScreens(e2e.browser, e2e.portal, program))
    },
    walkTimeoutMs,
  )
})
