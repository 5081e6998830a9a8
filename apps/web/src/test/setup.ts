// Setup of the `web` test project (vitest.config.ts): jest-dom's matchers, a fresh page for
// every test, and the two browser calls jsdom does not implement.
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

beforeEach(() => {
  // Errors bring the page to its top and a banner link scrolls its field into view.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  Element.prototype.scrollIntoView = () => undefined
})

afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
  vi.restoreAllMocks()
})
