// What every form does with its call (spec §8: messages in the red banner, page scrolled to
// the top): the banner's items, the spinner while the call runs, and one call at a time.
// Used by every form: login, registration, recovery, the password update and the MFA screens.
import {
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
} from 'react'
import type { FieldErrors, FieldValues } from 'react-hook-form'
import { useLocation } from 'react-router'
import { scrollToTop } from '../visit/page.ts'

/** A message about one field: shown as a link that moves focus to that field. */
export interface FieldMessage {
  fieldId: string
  text: string
}

/** One line of the red banner (components/error-banner.tsx). */
export type BannerItem = ReactNode | FieldMessage

export function isFieldMessage(item: BannerItem): item is FieldMessage {
  return typeof item === 'object' && item !== null && !isValidElement(item) && 'fieldId' in item
}

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
 * ('Agent Number: This field is required.'), so that three alike messages are told apart;
 * a message that names its field already stays as it is ('Username is required').
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
    // A message that names its field already ('Username is required') is not prefixed with
    // it again (review 15: "Username: Username is required").
    const isNamed = !name || text.toLowerCase().includes(name.toLowerCase())
    found.push({ fieldId: element.id, text: isNamed ? text : `${name}: ${text}` })
  }
  return found
}

/**
 * Where a submission is: `checking` from the tap while the form is validated (a lazily loaded
 * schema may take a round trip), `calling` while the call runs, `moving` once it navigated
 * and until the next screen has rendered (issue 27: the old form is never live again in
 * between), `leaving` when the browser is leaving the portal.
 */
type Phase = 'idle' | 'checking' | 'calling' | 'moving' | 'leaving'

/** The history entry the browser is on now (React Router keeps its key in history.state). */
const historyKey = (): unknown => (window.history.state as { key?: unknown } | null)?.key

export function useSubmission(failureItems: readonly BannerItem[]) {
  const [bannerItems, setBannerItems] = useState<readonly BannerItem[]>(noItems)
  const [isBusy, setBusy] = useState(false)
  // The fields seen wrong since the banner was shown (`dropFixedFields`).
  const seenFailingRef = useRef<Set<string>>(new Set())
  // Guards against a second submit (a second tap, Enter pressed again) until the first is done.
  const phaseRef = useRef<Phase>('idle')
  const { key: renderedKey } = useLocation()
  const renderedKeyRef = useRef(renderedKey)

  const settle = useCallback(() => {
    phaseRef.current = 'idle'
    setBusy(false)
  }, [])
  // The next screen has rendered (this one stayed, at a new address): the form is free again.
  useEffect(() => {
    renderedKeyRef.current = renderedKey
    if (phaseRef.current === 'moving') settle()
  }, [renderedKey, settle])

  /** Shows messages in the banner; the page goes to the top and the banner takes focus. */
  // Stable, so that effects may show messages too.
  const showBanner = useCallback((items: readonly BannerItem[]) => {
    seenFailingRef.current = new Set()
    setBannerItems(items)
    scrollToTop()
  }, [])
  const clearBanner = useCallback(() => setBannerItems(noItems), [])
  /**
   * Issue 43: the banner keeps a field's message only while the field is still wrong (its
   * error in `errors`, react-hook-form's, revalidated as the member types); other messages
   * stay until the next submit. A message goes only once its field has been seen wrong and is
   * not any more: the banner may render before react-hook-form has published its errors.
   */
  const dropFixedFields = useCallback((errors: FieldErrors) => {
    const failing = new Set(fieldMessagesOf(errors).map((message) => message.fieldId))
    const seen = seenFailingRef.current
    for (const id of failing) seen.add(id)
    const isFixed = (item: BannerItem) =>
      isFieldMessage(item) && seen.has(item.fieldId) && !failing.has(item.fieldId)
    setBannerItems((items) =>
      items.some(isFixed) ? items.filter((item) => !isFixed(item)) : items,
    )
  }, [])
  /** A submission is under way: a new submit is ignored. */
  const isRunning = () => phaseRef.current !== 'idle'

  /**
   * A form's submit handler (react-hook-form's `handleSubmit(...)`) made busy from the tap,
   * before validation or any lazy import: a repeated submit meanwhile is a no-op.
   */
  const guard =
    (handler: (event?: BaseSyntheticEvent) => Promise<void>) => (event: BaseSyntheticEvent) => {
      event.preventDefault()
      if (phaseRef.current !== 'idle') return
      phaseRef.current = 'checking'
      setBusy(true)
      void handler(event).finally(() => {
        // Invalid (no call was made): the form is free again.
        if (phaseRef.current === 'checking') settle()
      })
    }

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
   * then stays up until it goes. When `work` navigated, the spinner stays up until the next
   * screen has rendered.
   */
  const run = async (work: () => Promise<unknown>): Promise<void> => {
    if (phaseRef.current !== 'idle' && phaseRef.current !== 'checking') return
    phaseRef.current = 'calling'
    setBusy(true)
    clearBanner()
    const startKey = historyKey()
    let phase: Phase = 'idle'
    try {
      if ((await work()) === true) phase = 'leaving'
      else if (historyKey() !== startKey) phase = 'moving'
    } catch {
      showBanner(failureItems)
    } finally {
      // Already rendered at the new address (this screen stayed): nothing to wait for.
      if (phase === 'moving' && renderedKeyRef.current === historyKey()) phase = 'idle'
      if (phase === 'idle') settle()
      else phaseRef.current = phase
    }
  }

  return {
    bannerItems,
    isBusy,
    isRunning,
    showBanner,
    clearBanner,
    dropFixedFields,
    onInvalid,
    run,
    guard,
  }
}

/**
 * Issue 43: a form's field messages leave its banner as their fields become valid (the
 * password put right no longer sits under a red "Error"), checked after every render.
 */
export function useBannerFollowsFields(
  { dropFixedFields }: Pick<Submission, 'dropFixedFields'>,
  errors: FieldErrors,
): void {
  useEffect(() => dropFixedFields(errors))
}

export type Submission = ReturnType<typeof useSubmission>
