import { consultingFirm } from '../config/brand.ts'

/** The consulting firm's logo: an original drawing that fills the footer's 200×60 box exactly. */
export function ConsultingLogo() {
  return (
    <svg
      className="consulting-logo"
      width="200"
      height="60"
      viewBox="0 0 200 60"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="200" height="60" rx="6" fill="#ffffff" />
      <circle cx="30" cy="30" r="17" fill="#f2b705" />
      <path d="M13 38h34" stroke="#0f2740" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M17 38l9-12 6 7 4-5 7 10"
        fill="none"
        stroke="#0f2740"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <text
        x="56"
        y="28"
        fill="#0f2740"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="17"
        fontWeight="700"
        textLength="130"
        lengthAdjust="spacingAndGlyphs"
      >
        {consultingFirm.logoLines[0]}
      </text>
      <text
        x="56"
        y="45"
        fill="#3d4b5c"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="11"
        fontWeight="600"
        letterSpacing="3"
        textLength="130"
        lengthAdjust="spacingAndGlyphs"
      >
        {consultingFirm.logoLines[1]}
      </text>
    </svg>
  )
}
