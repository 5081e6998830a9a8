// Registration (spec §4 "Registration", §6): identify the customer, check for an existing
// account, create one. The service re-checks everything at creation: a browser that skips
// a step gains nothing.
import {
  customerNumberFor,
  findProgram,
  flavours,
  type CreateUserRequest,
  type CreateUserResponse,
  type Locale,
  type RegistrationLookupResponse,
} from '@portal/contract'
import type { CustomerRow } from '../../store/customers.repo.ts'
import type { Store } from '../../store/index.ts'
import { isEmailOnRecord, isPhoneOnRecord } from '../customer/customer-contacts.ts'
import { refuseGuessable } from '../password/password-blocklist.ts'
import type { AccountsService } from '../accounts/accounts.service.ts'
import { isOpenToRegistration, registrationEligibility } from '../signin/program-check.ts'

/** The email and mobile number typed must be ones on the customer's record. */
const isContactOnRecord = (customer: CustomerRow, email: string, phone: string) =>
  isEmailOnRecord(customer, email) && isPhoneOnRecord(customer, phone)

interface Deps {
  store: Store
  accounts: AccountsService
}

export function registrationService({ store, accounts }: Deps) {
  const { customers } = store
  /** The customer the details identify, for a program with this level1Org, or undefined. */
  async function identify(
    where: { custnum?: string; membershipCd?: string },
    email: string,
    phone: string,
    level1Org: string,
    clientPrefix?: string,
  ) {
    const rows = await customers.findByCustnumOrMembership(where)
    const asked = clientPrefix ? findProgram(clientPrefix)?.code : undefined
    return rows.find(
      (customer) =>
        isOpenToRegistration(customer, level1Org, asked) &&
        isContactOnRecord(customer, email, phone),
    )
  }

  return {
    async lookUp(query: {
      clientPrefix: string
      customerNumber: string
      level1Org: string
      email: string
      phoneNumber: string
    }): Promise<RegistrationLookupResponse | undefined> {
      // Issue 27: the Agent Number as agents have it (ASF100002, 100002) is the same number.
      const program = findProgram(query.clientPrefix)
      const custnum = program
        ? customerNumberFor(program, query.customerNumber)
        : query.customerNumber
      const customer = await identify(
        { custnum },
        query.email,
        query.phoneNumber,
        query.level1Org,
        query.clientPrefix,
      )
      if (!customer) return undefined
      return {
        status: customer.status,
        custclass: customer.custclass,
        membershipCd: customer.membershipCd ?? customer.custnum,
        firstName: customer.firstName,
        eligibility: registrationEligibility(customer),
      }
    },

    /** pl also matches the phone number (spec §3 existing-account check). */
    async hasAccount(
      membershipCd: string,
      email: string,
      phone: string | undefined,
    ): Promise<boolean> {
      const rows = await customers.findWithAccountByMembership(membershipCd)
      return rows.some(
        (customer) =>
          isEmailOnRecord(customer, email) &&
          (phone === undefined || isPhoneOnRecord(customer, phone)),
      )
    },

    /** `locale`: the language the request names, which the member's messages are written in. */
    async createUser(
      request: CreateUserRequest,
      locale: Locale | null,
    ): Promise<CreateUserResponse> {
      const customer = await identify(
        { membershipCd: request.membershipCd },
        request.primaryEmailAddress,
        request.phoneNumber,
        request.level1Org,
      )
      if (!customer) return { returnCode: 'NOT_FOUND' }
      const isPl = findProgram(customer.kprogName)?.flavour === 'pl'
      if (isPl !== (request.appName === flavours.pl.appName)) return { returnCode: 'NOT_FOUND' }
      if (registrationEligibility(customer) !== 'eligible') return { returnCode: 'INELIGIBLE' }
      refuseGuessable(
        request.userPassword,
        {
          username: request.userLoginNm,
          names: [customer.firstName, customer.cname],
          program: customer.kprogName,
        },
        'userPassword',
      )
      const result = await accounts.createAccount({
        custnum: customer.custnum,
        username: request.userLoginNm,
        password: request.userPassword,
        email: request.primaryEmailAddress.trim(),
        phone: request.phoneNumber.replace(/\D/g, ''),
        locale,
      })
      if (result.ok) return { returnCode: 'SUCCESS' }
      return { returnCode: result.reason === 'CUSTOMER_NOT_FOUND' ? 'NOT_FOUND' : result.reason }
    },
  }
}
