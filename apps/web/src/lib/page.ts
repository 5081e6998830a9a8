import { useEffect, useRef } from 'react'

const siteName = 'Program Portal'

/** Sets `document.title` for the screen being shown. */
export function useDocumentTitle(...parts: readonly string[]): void {
  const title = [...parts, siteName].filter(Boolean).join(' | ')
  useEffect(() => {
    document.title = title
  }, [title])
}

/** Spec §4/§5: errors and invalid forms bring the page back to its top, where the banner is. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
}

/**
 * A ref that takes focus once, when its element first appears: a new screen reached by a
 * button press moves focus to its heading, so screen-reader users hear where they are.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
