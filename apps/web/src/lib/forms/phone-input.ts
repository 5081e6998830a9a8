// Phone fields take a number however it arrives — typed, pasted or autofilled as
// '(312) 555-0101', '+1 312 555 0101' or '312.555.0101' — and show it as ###-###-#### (spec §5),
// keeping the caret where the person is typing.
import type { ChangeEvent } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { formatPhoneInput, nationalPhoneDigits } from '@portal/contract'

/** The formatted value, and where the caret goes so it stays after the same digit. */
export function formatPhoneAt(value: string, caret: number): { value: string; caret: number } {
  const { digits, droppedLeadingOne } = nationalPhoneDigits(value)
  const formatted = formatPhoneInput(digits)
  let digitsBefore = value.slice(0, caret).replace(/\D/g, '').length
  if (droppedLeadingOne && digitsBefore > 0) digitsBefore -= 1
  digitsBefore = Math.min(digitsBefore, digits.length)
  let position = 0
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(formatted.charAt(position))) seen += 1
  }
  return { value: formatted, caret: position }
}

/** Formats the field in place, keeping the caret, before react-hook-form reads it. */
export function formatPhoneField(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target
  const caret = input.selectionStart ?? input.value.length
  const next = formatPhoneAt(input.value, caret)
  if (next.value === input.value) return
  input.value = next.value
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret)
}

/** A registered phone field whose value is formatted before react-hook-form reads it. */
export function phoneFormatted<T extends UseFormRegisterReturn>(field: T): T {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      formatPhoneField(event)
      return field.onChange(event)
    },
  }
}
