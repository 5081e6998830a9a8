// The frame every verification screen shares (the shared form frame, in the flavour's
// layout). usweb and pl lay the screens out differently (spec §2 screen 11: "layout is
// chosen by application name").
import type { ComponentProps } from 'react'
import type { Flavour } from '@portal/contract'
import { SignedInFrame } from '../../components/signed-in-frame.tsx'
import { readSession } from '../../lib/visit/session.ts'
import './mfa.css'

/** The session's application name (spec §1), else the area's flavour. */
export function mfaLayoutOf(flavour: Flavour): Flavour {
  return readSession().applicationName ?? flavour
}

type MfaFrameProps = Omit<ComponentProps<typeof SignedInFrame>, 'className'> & {
  layout: Flavour
}

/** Issue 27: warns before the idle limit, and says so when the sign-in has ended. */
export function MfaFrame({ layout, ...frame }: MfaFrameProps) {
  return <SignedInFrame className={`mfa mfa--${layout}`} {...frame} />
}
