// Where a code, username or temporary password goes: one radio tile per contact on file,
// each showing the contact masked (spec §2 screens 7 and 11). Used by both recoveries and by
// the verification screen, so that the choice looks and reads the same everywhere.
import { ChoiceTile } from './choice-tile.tsx'
import './delivery-choice.css'

export interface DeliveryOption<M extends string> {
  method: M
  /** 'Email', 'Text message', 'Mobile'. */
  label: string
  /** The contact as the service may show it: 'd***@example.com', '***-***-0101'. */
  masked: string
}

interface DeliveryChoiceProps<M extends string> {
  name: string
  legend: string
  options: readonly DeliveryOption<M>[]
  value: NoInfer<M> | null
  onChange(method: NoInfer<M>): void
  /** Why nothing can be sent yet (shown under the options and tied to the group). */
  hint?: string | null
  /** Label and masked contact joined as the spec writes them ('Email: d***@…'). */
  separator?: string
}

export function DeliveryChoice<M extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  separator = ' ',
}: DeliveryChoiceProps<M>) {
  const hintId = `${name}-hint`
  return (
    <fieldset className="choice-group" aria-describedby={hint ? hintId : undefined}>
      <legend className="form-field__label">{legend}</legend>
      <div className="choice-tiles">
        {options.map((option) => (
          <ChoiceTile
            key={option.method}
            name={name}
            value={option.method}
            checked={value === option.method}
            onChange={() => onChange(option.method)}
          >
            <span className="delivery-choice__text">
              <span className="delivery-choice__label">
                {option.label}
                {separator}
              </span>
              {/* A masked contact breaks, when it must, only before its @ (issue 27). */}
              <span className="delivery-choice__masked">
                <MaskedValue masked={option.masked} />
              </span>
            </span>
          </ChoiceTile>
        ))}
      </div>
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </fieldset>
  )
}

/** 'd***@example.com' with a line-break opportunity before the @ and nowhere else. */
function MaskedValue({ masked }: { masked: string }) {
  const at = masked.lastIndexOf('@')
  if (at < 1) return <span className="nowrap">{masked}</span>
  return (
    <>
      <span className="nowrap">{masked.slice(0, at)}</span>
      <wbr />
      <span className="nowrap">{masked.slice(at)}</span>
    </>
  )
}
