import type { Program } from '@portal/contract'

const markSize = 48
const wordmarkX = 60
// The wordmark is drawn at a fixed advance per letter (SVG `textLength`) so that it has the
// same width whatever font the system substitutes.
const advance = 12.5

/**
 * An original wordmark for each program: a coloured rounded mark with the program's
 * monogram, and its short name. Decorative; the header names the program in text.
 */
export function ProgramLogo({ program }: { program: Program }) {
  const { logo } = program
  const wordWidth = Math.round(logo.wordmark.length * advance)
  const width = wordmarkX + wordWidth + 2
  return (
    <svg
      className="program-logo"
      viewBox={`0 0 ${width} ${markSize}`}
      width={width}
      height={markSize}
      aria-hidden="true"
      focusable="false"
    >
      <rect width={markSize} height={markSize} rx="12" fill={logo.colour} />
      <path
        d="M9 37c9-6 21-6 30 0"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.55"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <text
        x={markSize / 2}
        y="27"
        textAnchor="middle"
        fill="#fff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize={logo.monogram.length > 2 ? 14 : 18}
        fontWeight="700"
        letterSpacing="0.5"
      >
        {logo.monogram}
      </text>
      <text
        x={wordmarkX}
        y="32"
        fill={logo.colour}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="22"
        fontWeight="700"
        textLength={wordWidth}
        lengthAdjust="spacingAndGlyphs"
      >
        {logo.wordmark}
      </text>
    </svg>
  )
}
