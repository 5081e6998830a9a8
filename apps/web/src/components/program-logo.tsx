import type { Program } from '@portal/contract'
import { brandOf, type MarkShape } from '../config/brand.ts'

/** Each outline, in a 44×50 box centred on (22, 25). */
const outlines: Record<MarkShape, string> = {
  shield: 'M22 1.5 41 8v15.5c0 12.6-7.9 21.4-19 25.3C10.9 44.9 3 36.1 3 23.5V8z',
  seal: 'M22 4a21 21 0 1 1 0 42a21 21 0 1 1 0-42z',
  roundel: 'M22 4a21 21 0 1 1 0 42a21 21 0 1 1 0-42z',
  square: 'M10 5h24a8 8 0 0 1 8 8v24a8 8 0 0 1-8 8H10a8 8 0 0 1-8-8V13a8 8 0 0 1 8-8z',
  star: 'M22 3.5 28.7 8.8 37.2 9.8 38.2 18.3 43.5 25 38.2 31.7 37.2 40.2 28.7 41.2 22 46.5 15.3 41.2 6.8 40.2 5.8 31.7 0.5 25 5.8 18.3 6.8 9.8 15.3 8.8z',
  hexagon: 'M22 3 41.1 14v22L22 47 2.9 36V14z',
  diamond: 'M22 2.5 43 25 22 47.5 1 25z',
}

/**
 * An original mark for each program (config/brand.ts): an outline of its own in the
 * program's colour, a fine inner line and the monogram, beside the program's short name set
 * as text (so it is laid out by the browser, never squeezed). Decorative: the header names
 * the program in words.
 */
export function ProgramLogo({ program }: { program: Program }) {
  const brand = brandOf(program.code)
  const isLong = brand.monogram.length > 2
  const outline = outlines[brand.shape]
  return (
    <span className="program-logo" aria-hidden="true" data-shape={brand.shape}>
      <svg
        className="program-logo__mark"
        viewBox="0 0 44 50"
        width="44"
        height="50"
        focusable="false"
      >
        <path d={outline} fill={brand.colour} />
        <path
          d={outline}
          transform="translate(22 25) scale(0.82) translate(-22 -25)"
          fill="none"
          stroke="#fff"
          strokeOpacity={brand.shape === 'roundel' ? 0.9 : 0.45}
          strokeWidth={brand.shape === 'roundel' ? 2.4 : 1.2}
          strokeDasharray={brand.shape === 'seal' ? '2 2' : undefined}
        />
        <text
          x="22"
          y={isLong ? 29.5 : 31}
          textAnchor="middle"
          fill="#fff"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize={isLong ? 12 : 16}
          fontWeight="700"
          letterSpacing="0.5"
        >
          {brand.monogram}
        </text>
      </svg>
      <span className="program-logo__wordmark" style={{ color: brand.colour }}>
        {brand.wordmark}
      </span>
    </span>
  )
}
