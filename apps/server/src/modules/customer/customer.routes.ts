import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  AccountRequestSchema,
  associationOf,
  CustomerFindRequestSchema,
  customerVerdict,
  findProgram,
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
    const session = await request.session.load()
    const user =
      session &&
      session.stage !== 'password_change_required' &&
      (await users.findById(session.userId))
    if (!user) throw new HttpError(401, 'Please log in to continue.')
    return user
  }

  app.post('/api/fidbond-api/account', async (request): Promise<Account> => {
    const { username } = AccountRequestSchema.parse(request.body)
    const user = await signedInUser(request)
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

  // The lookup at login (spec §4 steps 3-4): the record, and the program rules' verdict
  // for the program whose login page the user is on.
  app.post(
    '/api/customer-api/find',
    async (request): Promise<CustomerFindResponse | RegistrationLookupResponse> => {
      if (isRegistrationLookup(request.body)) return registrationLookup(request)
      const query = CustomerFindRequestSchema.parse(request.body)
      const user = await signedInUser(request)
      if (query.customerNumber !== user.custnum) {
        throw new HttpError(403, 'This customer record belongs to another user.')
      }
      const program = findProgram(query.clientPrefix)
      if (!program) throw new HttpError(400, 'Unknown program.')
      const customer = await customers.findByCustnum(user.custnum)
      if (!customer) throw new HttpError(404, 'No customer record for this account.')
      return {
        tax_Id: customer.taxId,
        status: customer.status,
        custclass: customer.custclass,
        level2org: customer.level2org,
        membershipCd: customer.membershipCd,
        association: associationOf(program.code, customer.level2org),
        verdict: customerVerdict(program.code, customer),
        body: customer,
      }
    },
  )
}
