// Issue 6: every usweb screen of the dtc and cabar programs, at 360 px, with the axe-core check.
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { Browser } from 'playwright-core'
import type { ProgramCode } from '@portal/contract'
import { launchBrowser, startPortal, type Portal } from './fixtures.ts'
import { expectWholeWalk, walkScreens } from './screen-walk.ts'

let portal: Portal
let browser: Browser
beforeAll(async () => {
  ;[portal, browser] = await Promise.all([startPortal(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await portal?.close()
})

const programs: ProgramCode[] = ['dtcria', 'cabar']

describe('every usweb screen', () => {
  it.each(programs)('walks every screen of %s, accessible at 360 px', async (program) => {
    expectWholeWalk(program, await walkScreens(browser, portal, program))
  })
})
