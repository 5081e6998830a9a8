// The frame every verification screen shares (the shared form frame, in the flavour's
// layout). usweb and pl lay the screens out differently (spec §2 screen 11: "layout is
// chosen by application name").
import type { ComponentProps } from 'react'
import type { Flavour } from '@portal/contract'
import { FormScreen } from '../../components/form-screen.tsx'
import { readSession } from '../../lib/session.ts'
import './mfa.css'

/** The session's application name (spec §1), else the area's flavour. */
export function mfaLayoutOf(flavour: Flavour): Flavour {
  return readSession().applicationName ?? flavour
}

type MfaFrameProps = Omit<ComponentProps<typeof FormScreen>, 'className'> & { layout: Flavour }

export function MfaFrame({ layout, ...frame }: MfaFrameProps) {
  return <FormScreen className={`mfa mfa--${layout}`} {...frame} />
}
