// /usweb/forgot-username and /proliability/forgot-username (spec §2 screen 5).
import { RecoveryPage } from '../features/recovery/recovery-pages.tsx'

export function Component() {
  return <RecoveryPage kind="username" />
}
