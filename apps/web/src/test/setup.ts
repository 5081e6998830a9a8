// Setup of the `web` test project (vitest.config.ts): jest-dom's matchers, the texts, a fresh
// page for every test, and the two browser calls jsdom does not implement.
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import './load-texts.ts'

// A screen is a chunk loaded on first visit: the first test of a file waits for its transform.
configure({ asyncUtilTimeout: 5000 })

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
