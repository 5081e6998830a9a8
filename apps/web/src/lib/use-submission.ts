// What every form does with its call (spec §8: messages in the red banner, page scrolled to
// the top): the banner's items, the spinner while the call runs, and one call at a time.
// Used by every form: login, registration, recovery, the password update and the MFA screens.
import { useCallback, useRef, useState } from 'react'
import type { FieldErrors, FieldValues } from 'react-hook-form'
import type { BannerItem, FieldMessage } from '../components/error-banner.tsx'
import { scrollToTop } from './page.ts'

const noItems: readonly never[] = []

/** The label that names a field ('Agent Number'), or its group's legend for a radio. */
function fieldNameOf(element: HTMLElement): string {
  const label = element instanceof HTMLInputElement || element instanceof HTMLSelectElement
  const own = label && element.type !== 'radio' ? element.labels?.[0]?.textContent : null
  const legend = element.closest('fieldset')?.querySelector('legend')?.textContent
  return (own ?? legend ?? '').trim()
}

/**
 * The banner's summary of a form's field errors, each linking to its field and naming it
 * ('Agent Number: This field is required.'), so that three alike messages are told apart.
 */
export function fieldMessagesOf(errors: FieldErrors): FieldMessage[] {
  const found: FieldMessage[] = []
  for (const error of Object.values(errors)) {
    const element = error && 'ref' in error ? error.ref : undefined
    const text = error?.message
    if (!(element instanceof HTMLElement) || !element.id || typeof text !== 'string' || !text) {
      continue
    }
    const name = fieldNameOf(element)
    found.push({ fieldId: element.id, text: name ? `${name}: ${text}` : text })
  }
  return found
}

export function useSubmission(failureItems: readonly BannerItem[]) {
  const [bannerItems, setBannerItems] = useState<readonly BannerItem[]>(noItems)
  const [isBusy, setBusy] = useState(false)
  // Guards against a second submit (Enter pressed again) while the first is under way.
  const busyRef = useRef(false)

  /** Shows messages in the banner; the page goes to the top and the banner takes focus. */
  // Stable, so that effects may show messages too.
  const showBanner = useCallback((items: readonly BannerItem[]) => {
    setBannerItems(items)
    scrollToTop()
  }, [])
  const clearBanner = useCallback(() => setBannerItems(noItems), [])
  /** A call is under way: a new submit is ignored. */
  const isRunning = () => busyRef.current

  /**
   * react-hook-form's invalid handler: the banner sums up the field errors, each a link to
   * its field (GOV.UK's error summary), at the top of the page.
   */
  const onInvalid = <T extends FieldValues>(errors: FieldErrors<T>) => {
    const summary = fieldMessagesOf(errors)
    if (summary.length > 0) showBanner(summary)
    else {
      clearBanner()
      scrollToTop()
    }
  }

  /**
   * Runs one call with the spinner up and the banner cleared; a thrown error shows the
   * failure items. `work` answers true when the browser is leaving the portal: the spinner
   * then stays up until it goes.
   */
  const run = async (work: () => Promise<unknown>): Promise<void> => {
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

export type Submission = ReturnType<typeof useSubmission>
