// One radio choice as a bordered tile with a large target (review 15: the same tiles on the
// delivery screens, the recovery options and the Personal/Work questions).
import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import './choice-tile.css'

interface ChoiceTileProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** What the tile says; its label. */
  children: ReactNode
  /** react-hook-form's `register` gives one. */
  ref?: Ref<HTMLInputElement>
}

export function ChoiceTile({ children, ...input }: ChoiceTileProps) {
  return (
    <label className="choice-tile">
      <input type="radio" {...input} />
      {children}
    </label>
  )
}
