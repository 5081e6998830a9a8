import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  AccountRequestSchema,
  associationOf,
  CustomerFindRequestSchema,
  CustomerRecordSchema,
  customerVerdict,
  findProgram,
  programsWithLevel1Org,
  type Account,
  type CustomerFindResponse,
  type MailingAddress,
  isRegistrationLookup,
  type RegistrationLookupResponse,
} from '@portal/contract'
import { HttpError } from '../../plugins/errors.ts'
import type { customersRepo } from '../../store/customers.repo.ts'
import type { referenceRepo } from '../../store/reference.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'
import type { CustomerRow } from '../../store/customers.repo.ts'
import { activeSignIn, advance, programCheckOf, requireState } from '../signin/flow.ts'

interface Deps {
  reference: ReturnType<typeof referenceRepo>
  users: ReturnType<typeof usersRepo>
  customers: ReturnType<typeof customersRepo>
  /** The registration variant of the lookup (body with email and phone; no session). */
  registrationLookup: (request: FastifyRequest) => Promise<RegistrationLookupResponse>
}

export async function customerRoutes(app: FastifyInstance, deps: Deps) {
  const { reference, users, customers, registrationLookup } = deps
  // Spec §7: PHONE shown in the header; augustar is looked up as onl.
  app.get<{ Params: { program: string } }>(
    '/api/customer-api/getPOMailingAddress/:program',
    async (request): Promise<MailingAddress> => {
      if (!findProgram(request.params.program)) throw new HttpError(404, 'Unknown program.')
      const phone = await reference.phoneOf(request.params.program)
      if (!phone) throw new HttpError(404, 'No mailing address for this program.')
      return { PHONE: phone }
    },
  )

  /** The signed-in user; account and customer data are only ever their own. */
  async function signedInUser(request: FastifyRequest) {
    const session = await requireState(request, activeSignIn)
    const user = await users.findById(session.userId)
    if (!user) throw new HttpError(401, 'Please log in to continue.')
    return { session, user }
  }

  app.post('/api/fidbond-api/account', async (request): Promise<Account> => {
    const { username } = AccountRequestSchema.parse(request.body)
    const { user } = await signedInUser(request)
    if (user.username !== username)
      throw new HttpError(403, 'This account belongs to another user.')
    const customer = await customers.findByCustnum(user.custnum)
    return {
      username: user.username,
      customerNumber: user.custnum,
      prgName: user.program,
      firstName: customer?.firstName ?? null,
    }
  })

  // The lookup at login (spec §4 steps 3-4): the program rules' verdict for the program
  // whose login page the user is on. It is decided here once and bound to the sign-in flow;
  // the second factor and the hand-off read it from there.
  app.post(
    '/api/customer-api/find',
    async (request): Promise<CustomerFindResponse | RegistrationLookupResponse> => {
      if (isRegistrationLookup(request.body)) return registrationLookup(request)
      const query = CustomerFindRequestSchema.parse(request.body)
      const { session, user } = await signedInUser(request)
      if (query.customerNumber !== user.custnum) {
        throw new HttpError(403, 'This customer record belongs to another user.')
      }
      const program = findProgram(query.clientPrefix)
      if (!program) throw new HttpError(400, 'Unknown program.')
      const customer = await customers.findByCustnum(user.custnum)
      if (!customer) throw new HttpError(404, 'No customer record for this account.')
      let check = programCheckOf(session)
      if (!check) {
        const door = typeof session.data.level1Org === 'string' ? session.data.level1Org : ''
        const isThroughItsDoor = programsWithLevel1Org(door).some((p) => p.code === program.code)
        check = {
          program: program.code,
          verdict: isThroughItsDoor ? customerVerdict(program.code, customer) : 'mismatch',
          association: associationOf(program.code, customer.level2org),
        }
        await advance(request, check.verdict === 'allowed' ? 'programAllowed' : 'programRefused', {
          programCheck: check,
        })
      } else if (check.program !== program.code) {
        throw new HttpError(403, 'This sign-in was checked for another program.')
      }
      // Before the second factor the answer carries the verdict, not the record
      // (docs/decisions/0006).
      const isRecordShown = session.stage === 'authenticated'
      return {
        tax_Id: isRecordShown ? customer.taxId : null,
        status: isRecordShown ? customer.status : null,
        custclass: isRecordShown ? customer.custclass : null,
        level2org: isRecordShown ? customer.level2org : null,
        membershipCd: isRecordShown ? customer.membershipCd : null,
        association: check.association,
        verdict: check.verdict,
        body: isRecordShown ? customer : programOnly(customer),
      }
    },
  )
}

/**
 * The record with every field blank but the ones the contract requires: the program, the
 * customer number (which the caller sent) and the program's level1Org.
 */
function programOnly(customer: CustomerRow): CustomerRow {
  const blank = Object.fromEntries(Object.keys(CustomerRecordSchema.shape).map((k) => [k, null]))
  return {
    ...(blank as unknown as CustomerRow),
    kprogName: customer.kprogName,
    custnum: customer.custnum,
    level1org: customer.level1org,
  }
}
