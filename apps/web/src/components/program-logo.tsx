import type { Program } from '@portal/contract'

/**
 * An original mark for each program: a shield in the program's colour with a fine inner
 * line and the monogram, beside the program's short name set as text (so it is laid out by
 * the browser, never squeezed). Decorative: the header names the program in words.
 */
export function ProgramLogo({ program }: { program: Program }) {
  const { logo, brand } = program
  const isLong = logo.monogram.length > 2
  return (
    <span className="program-logo" aria-hidden="true">
      <svg
        className="program-logo__mark"
        viewBox="0 0 44 50"
        width="44"
        height="50"
        focusable="false"
      >
        <path
          d="M22 1.5 41 8v15.5c0 12.6-7.9 21.4-19 25.3C10.9 44.9 3 36.1 3 23.5V8z"
          fill={brand.colour}
        />
        <path
          d="M22 5.6 37.2 10.8v12.7c0 10.4-6.3 17.7-15.2 21.2C13.1 41.2 6.8 33.9 6.8 23.5V10.8z"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.45"
          strokeWidth="1.2"
        />
        <text
          x="22"
          y={isLong ? 28.5 : 30}
          textAnchor="middle"
          fill="#fff"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize={isLong ? 12 : 16}
          fontWeight="700"
          letterSpacing="0.5"
        >
          {logo.monogram}
        </text>
      </svg>
      <span className="program-logo__wordmark" style={{ color: brand.colour }}>
        {logo.wordmark}
      </span>
    </span>
  )
}
