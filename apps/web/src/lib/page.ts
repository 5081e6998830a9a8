import { useEffect } from 'react'

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
