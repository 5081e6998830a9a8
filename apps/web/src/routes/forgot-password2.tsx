// /usweb/forgotpassword2 and /proliability/forgotpassword2 (spec §2 screen 7): the delivery
// choice, for the customer number in custNum or the username in username.
import { DeliveryChoiceScreen } from '../features/recovery/delivery-choice-screen.tsx'

export function Component() {
  return <DeliveryChoiceScreen kind="password" />
}
