// /usweb/forgot-password and /proliability/forgot-password (spec §2 screen 6).
import { RecoveryPage } from '../features/recovery/recovery-pages.tsx'

export function Component() {
  return <RecoveryPage kind="password" />
}
