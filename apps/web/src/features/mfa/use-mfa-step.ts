// What every verification screen does with a call: spinner while it runs, one call at a
// time, the banner for messages (focused, page scrolled to top), and then the next step of
// spec §4 — another screen, the hand-off, or a message on this one.
import { useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { CwMfaResponse, Flavour } from '@portal/contract'
import { failureMessageOf } from '../../lib/failure-message.ts'
import { requestHandoff } from '../../lib/handoff.ts'
import { mfaScreenPath, supportScreenState, type MfaStep } from '../../lib/mfa-next-step.ts'
import { scrollToTop } from '../../lib/page.ts'
import type { MfaAnswer } from './mfa-api.ts'

const noItems: readonly ReactNode[] = []

/** What a screen makes of an answer: a step to follow, or null when it showed the answer itself. */
export type DecideStep = (response: CwMfaResponse) => MfaStep | null

export function useMfaStep(flavour: Flavour) {
  const navigate = useNavigate()
  const [bannerItems, setBannerItems] = useState(noItems)
  const [isBusy, setBusy] = useState(false)
  // Guards against a second press (Enter again, another button) while a call is under way.
  const busyRef = useRef(false)

  const showBanner = (items: readonly ReactNode[]) => {
    setBannerItems(items)
    scrollToTop() // the banner then takes focus itself
  }
  const showFailure = () => showBanner([failureMessageOf[flavour]])
  const clearBanner = () => setBannerItems(noItems)

  /** Follows a step; true when the browser is leaving the portal. */
  const follow = async (step: MfaStep): Promise<boolean> => {
    switch (step.kind) {
      case 'stay':
        showBanner([step.message])
        return false
      case 'screen':
        await navigate(mfaScreenPath(flavour, step.screen, step.incidentID), {
          state: supportScreenState(step.incidentID),
        })
        return false
      case 'handoff': {
        const handoff = await requestHandoff(step.target)
        if (handoff.kind === 'granted') {
          window.location.assign(handoff.url)
          return true
        }
        // A refused hand-off (a blocked customer) is only logged, as at login (spec §4).
        if (handoff.kind === 'refused') console.info('Hand-off refused for this session.')
        else showFailure()
        return false
      }
    }
  }

  /** Runs one MFA call and follows what `decide` makes of its answer. */
  const perform = async (call: () => Promise<MfaAnswer>, decide: DecideStep): Promise<void> => {
    if (busyRef.current) return
    busyRef.current = true
    setBusy(true)
    clearBanner()
    let isLeaving = false
    try {
      const answer = await call()
      if (answer.kind === 'failed') return showFailure()
      if (answer.kind === 'refused') return showBanner([answer.message])
      const step = decide(answer.response)
      if (step) isLeaving = await follow(step)
    } catch {
      showFailure()
    } finally {
      // The page is being left: the spinner stays up until the browser goes.
      if (!isLeaving) {
        busyRef.current = false
        setBusy(false)
      }
    }
  }

  return { bannerItems, showBanner, showFailure, clearBanner, isBusy, perform }
}
