// Review problem 14: who the member is, from the customer record, so the desk can greet
// and verify the caller: the contact's first name and the customer's name.
import type { MemberNames } from '@portal/contract/console'

/** The name facts of a member, as <dt>/<dd> pairs inside the page's facts list. */
export function MemberNameFacts({ names }: { names: MemberNames }) {
  return (
    <>
      <dt>Name</dt>
      <dd data-field="name">{names.firstName ?? '–'}</dd>
      <dt>Customer name</dt>
      <dd data-field="customer-name">{names.customerName ?? '–'}</dd>
    </>
  )
}
