// What every form does with its call (spec §8: messages in the red banner, page scrolled to
// the top): the banner's items, the spinner while the call runs, and one call at a time.
import { useCallback, useRef, useState } from 'react'
import { scrollToTop } from './page.ts'

const noItems: readonly never[] = []

export function useSubmission<Item = string>() {
  const [bannerItems, setBannerItems] = useState<readonly Item[]>(noItems)
  const [isBusy, setBusy] = useState(false)
  // Guards against a second submit (Enter pressed again) while the first is under way.
  const busyRef = useRef(false)

  /** Shows messages in the banner; the page goes to the top and the banner takes focus. */
  // Stable, so that effects may show messages too.
  const showBanner = useCallback((items: readonly Item[]) => {
    setBannerItems(items)
    scrollToTop()
  }, [])
  const clearBanner = useCallback(() => setBannerItems(noItems), [])
  /** A call is under way: a new submit is ignored. */
  const isRunning = () => busyRef.current

  /** react-hook-form's invalid handler: the banner goes, the first invalid field takes focus. */
  const onInvalid = () => {
    clearBanner()
    scrollToTop()
  }

  /**
   * Runs one call with the spinner up and the banner cleared; a thrown error shows
   * `failureItems`. `work` answers true when the browser is leaving the portal: the spinner
   * then stays up until it goes.
   */
  const run = async (
    work: () => Promise<unknown>,
    failureItems: readonly Item[],
  ): Promise<void> => {
    if (busyRef.current) return
    busyRef.current = true
    setBusy(true)
    clearBanner()
    let isLeaving = false
    try {
      isLeaving = (await work()) === true
    } catch {
      showBanner(failureItems)
    } finally {
      if (!isLeaving) {
        busyRef.current = false
        setBusy(false)
      }
    }
  }

  return { bannerItems, isBusy, isRunning, showBanner, clearBanner, onInvalid, run }
}
