// The member's customer record (spec §4 steps 3-4, decision 0008) and the program's mailing
// phone: what the customer routes read and write, through the repositories.
import { CustomerRecordSchema } from '@portal/contract'
import type { CustomerRow, MailingAddressFields } from '../../store/customers.repo.ts'
import type { Store } from '../../store/index.ts'
import type { SignInCustomer, SessionUser } from '../../store/users.repo.ts'

interface Deps {
  store: Store
}

export function customerService({ store }: Deps) {
  const { reference, customers, audit } = store
  return {
    /** The customer-service phone of a program, or undefined when it has none. */
    phoneOf: (program: string) => reference.phoneOf(program),
    /** The same when the phones are loaded, without waiting; undefined otherwise. */
    phoneNow: (program: string) => reference.phoneNow(program),

    /** The whole record (after the second factor only: see the lookup route). */
    recordOf: (custnum: string) => customers.findByCustnum(custnum),

    /**
     * The record with every field blank but the ones the contract requires: the program, the
     * customer number (which the caller sent) and the program's level1Org.
     */
    programOnly(customer: SignInCustomer): CustomerRow {
      const blank = Object.fromEntries(
        Object.keys(CustomerRecordSchema.shape).map((k) => [k, null]),
      )
      return {
        ...(blank as unknown as CustomerRow),
        kprogName: customer.kprogName,
        custnum: customer.custnum,
        level1org: customer.level1org,
      }
    },

    /** Decision 0008: the member's own mailing address; undefined when the record is gone. */
    async saveAddress(
      user: SessionUser,
      address: MailingAddressFields,
      clientIp: string,
    ): Promise<CustomerRow | undefined> {
      const saved = await customers.updateAddress(user.custnum, address)
      if (!saved) return undefined
      await audit.record({ event: 'customer.address_saved', userId: user.id, clientIp })
      return saved
    },
  }
}
