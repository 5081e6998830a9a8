// /usweb/send-username and /proliability/send-username (spec §2 screen 8).
import { RecoverySentPage } from '../features/recovery/recovery-pages.tsx'

export function Component() {
  return <RecoverySentPage kind="username" />
}
