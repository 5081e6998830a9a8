// /usweb/forgotusername2 and /proliability/forgotusername2 (spec §2 screen 7): the delivery
// choice, for the customer number in custNum.
import { DeliveryChoiceScreen } from '../features/recovery/delivery-choice-screen.tsx'

export function Component() {
  return <DeliveryChoiceScreen kind="username" />
}
