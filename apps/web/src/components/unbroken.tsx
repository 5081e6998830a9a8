// Phone numbers inside running text ('for example 312-555-0101') never break across lines.
import type { ReactNode } from 'react'

const phoneNumber = /((?:\+1[-. ]?)?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4})/

export function withUnbrokenNumbers(text: string): ReactNode {
  const parts = text.split(phoneNumber)
  if (parts.length === 1) return text
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <span className="nowrap" key={index}>
        {part}
      </span>
    ) : (
      part
    ),
  )
}
