// Spec §2 screen 7: the delivery choice of both recoveries. The contacts on file are fetched
// again by the customer number or username in the address, and shown masked; an option
// appears only for a contact that exists.
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { type DeliveryMethod, type Flavour, type Program } from '@portal/contract'
import { failureTextOf, t } from '../../i18n/texts.ts'
import { DeliveryChoice } from '../../components/delivery-choice.tsx'
import { FormActions } from '../../components/form-actions.tsx'
import { FormScreen } from '../../components/form-screen.tsx'
import { pathsOf } from '../../config/paths.ts'
import { useSubmission } from '../../lib/forms/use-submission.ts'
import { lookUpContacts, sendOtpToContactInfo, sendUserName } from './recovery-api.ts'
import {
  firstPageModeOf,
  firstPageValueOf,
  type RecoveryKey,
  type RecoveryKind,
} from './recovery-input.ts'
import {
  deliveryOptionsOf,
  lookupOutcomeOf,
  sendOutcomeOf,
  type MaskedContacts,
} from './recovery-outcome.ts'
import { deliveryLabelOf } from './recovery-texts.ts'
import './recovery.css'

type Contacts = { kind: 'loading' } | { kind: 'loaded'; contacts: MaskedContacts | null }

interface DeliveryChoiceFormProps {
  kind: RecoveryKind
  flavour: Flavour
  program: Program
  recoveryKey: RecoveryKey
  loginPath: string
}

export function DeliveryChoiceForm({
  kind,
  flavour,
  program,
  recoveryKey,
  loginPath,
}: DeliveryChoiceFormProps) {
  const areaPaths = pathsOf(flavour)
  const navigate = useNavigate()
  const [contacts, setContacts] = useState<Contacts>({ kind: 'loading' })
  const [method, setMethod] = useState<DeliveryMethod | null>(null)
  const { bannerItems, isBusy, isRunning, showBanner, clearBanner, run } = useSubmission([
    failureTextOf(flavour),
  ])

  useEffect(() => {
    let isCurrent = true
    const load = async () => {
      const result = await lookUpContacts(flavour, kind, recoveryKey)
      if (!isCurrent) return
      const outcome = lookupOutcomeOf(result, flavour, recoveryKey.by)
      const found = outcome.kind === 'found' ? outcome.contacts : null
      setContacts({ kind: 'loaded', contacts: found })
      // With neither contact on file there is nowhere to send anything.
      const problem =
        outcome.kind === 'banner'
          ? outcome.message
          : found && deliveryOptionsOf(found).length === 0
            ? t.recovery.noAccounts
            : null
      if (problem) showBanner([problem])
    }
    void load()
    return () => {
      isCurrent = false
    }
  }, [flavour, kind, recoveryKey, showBanner])

  const send = (deliveryMethod: DeliveryMethod) =>
    kind === 'username'
      ? sendUserName(flavour, { personCd: firstPageValueOf(recoveryKey), deliveryMethod })
      : sendOtpToContactInfo(flavour, {
          firstPageSelectedMode: firstPageModeOf(recoveryKey, program),
          firstPageSelectedValue: firstPageValueOf(recoveryKey),
          deliveryMethod,
        })

  const submit = async () => {
    if (isRunning()) return
    clearBanner()
    if (!method) return showBanner([t.validation.deliveryMethod])
    await run(async () => {
      const outcome = sendOutcomeOf(await send(method), flavour)
      if (outcome.kind === 'banner') return showBanner([outcome.message])
      await navigate(kind === 'username' ? areaPaths.sendUsername : areaPaths.resetPassword)
    })
  }

  const options =
    contacts.kind === 'loaded' && contacts.contacts ? deliveryOptionsOf(contacts.contacts) : []

  return (
    <FormScreen
      id={`delivery-${kind}`}
      className="recovery"
      title={t.recovery.titleOf[kind]}
      intro={t.recovery.deliveryIntroOf[kind]}
      bannerItems={bannerItems}
      isBusy={isBusy || contacts.kind === 'loading'}
    >
      <form
        className="recovery__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {options.length > 0 && (
          <DeliveryChoice
            name="deliveryMethod"
            legend={t.recovery.deliveryLegend}
            options={options.map((option) => ({
              ...option,
              label: deliveryLabelOf(option.method),
            }))}
            value={method}
            onChange={setMethod}
            separator=": "
          />
        )}
        <FormActions
          loginPath={loginPath}
          returnLabel={t.recovery.returnToLogin}
          submitLabel={t.recovery.submit}
        />
      </form>
    </FormScreen>
  )
}
