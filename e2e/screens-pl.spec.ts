// Issue 6: every pl screen, at 360 px, with the axe-core check.
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { Browser } from 'playwright-core'
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

describe('every pl screen', () => {
  it('walks every proliability screen, accessible at 360 px', async () => {
    expectWholeWalk('proliability', await walkScreens(browser, portal, 'proliability'))
  })
})
