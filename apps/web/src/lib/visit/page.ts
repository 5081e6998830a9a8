import { useEffect, useRef } from 'react'
import { t } from '../../i18n/texts.ts'

// The tab names the screen and the program (its catalogue title); while the error banner is
// shown it starts with "Error: " (as GOV.UK pages do), so the state is heard on arrival.
const title = { screen: '', errorBanners: 0 }

function writeTitle(): void {
  document.title = `${title.errorBanners > 0 ? t.frame.common.errorTitlePrefix : ''}${title.screen}`
}

/** Sets `document.title` for the screen being shown: 'Login | BCLIP Online'. */
export function useDocumentTitle(...parts: readonly string[]): void {
  const screenTitle = parts.filter(Boolean).join(' | ')
  useEffect(() => {
    title.screen = screenTitle
    writeTitle()
  }, [screenTitle])
}

/** While the calling banner shows errors, the title starts with "Error: ". */
export function useErrorTitle(hasErrors: boolean): void {
  useEffect(() => {
    if (!hasErrors) return
    title.errorBanners += 1
    writeTitle()
    return () => {
      title.errorBanners -= 1
      writeTitle()
    }
  }, [hasErrors])
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
