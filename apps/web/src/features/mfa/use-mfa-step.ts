// What every verification screen does with a call: the shared submission (spinner, one call
// at a time, the banner), and then the next step of spec §4 — another screen, the hand-off,
// or a message on this one.
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { CwMfaResponse, Flavour } from '@portal/contract'
import { pathsOf } from '../../config/paths.ts'
import { requestHandoff } from '../../lib/sign-in/handoff.ts'
import { mfaScreenPath, supportScreenState, type MfaStep } from '../../lib/sign-in/mfa-next-step.ts'
import { sessionState } from '../../lib/visit/session-time.ts'
import { useSubmission } from '../../lib/forms/use-submission.ts'
import type { MfaAnswer } from './mfa-api.ts'
import { failureTextOf } from '../../i18n/texts.ts'

/** What a screen makes of an answer: a step to follow, or null when it showed the answer itself. */
export type DecideStep = (response: CwMfaResponse) => MfaStep | null

export function useMfaStep(flavour: Flavour) {
  const navigate = useNavigate()
  const failure = [failureTextOf(flavour)]
  const submission = useSubmission(failure)
  const { showBanner } = submission
  const showFailure = () => showBanner(failure)
  // Issue 43: what is said calmly (role="status"), never in the Error banner.
  const [notice, setNotice] = useState<string | null>(null)

  /** Follows a step; true when the browser is leaving the portal. */
  const follow = async (step: MfaStep): Promise<boolean> => {
    switch (step.kind) {
      case 'stay':
        showBanner([step.message])
        return false
      case 'passkeyOffer':
        await navigate(pathsOf(flavour).passkeyOffer, { state: { target: step.target } })
        return false
      case 'screen':
        await navigate(mfaScreenPath(flavour, step.screen, step.incidentID), {
          state: supportScreenState(step.incidentID, step.isLockout),
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
        else {
          // Issue 27: an ended sign-in gets the frame's own message instead.
          if (handoff.isUnauthorized) sessionState.sawRefusal()
          showFailure()
        }
        return false
      }
    }
  }

  /** Runs one MFA call and follows what `decide` makes of its answer. */
  const perform = (call: () => Promise<MfaAnswer>, decide: DecideStep): Promise<void> =>
    submission.run(async () => {
      setNotice(null)
      const answer = await call()
      if (answer.kind === 'notice') {
        submission.clearBanner()
        setNotice(answer.message)
        return false
      }
      if (answer.kind === 'failed') {
        // Issue 27: a sign-in seen live that the service no longer knows has ended; the
        // frame then says so instead of the failure message.
        if (answer.isUnauthorized) sessionState.sawRefusal()
        return showFailure()
      }
      if (answer.kind === 'refused') return showBanner([answer.message])
      const step = decide(answer.response)
      return step ? follow(step) : false
    })

  return { ...submission, showFailure, perform, follow, notice, setNotice }
}
