import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AccountRequestSchema,
  AccountSchema,
  associationOf,
  CustomerFindRequestSchema,
  CustomerFindResponseSchema,
  CustomerRecordSchema,
  customerVerdict,
  findProgram,
  MailingAddressSchema,
  operationOf,
  RegistrationLookupResponseSchema,
  RegistrationLookupSchema,
  SaveCustomerSchema,
  type MailingAddress,
  type RegistrationLookup,
  type RegistrationLookupResponse,
} from '@portal/contract'
import { changeRefusals, refusals, withSchemas } from '../../plugins/api-schemas.ts'
import { HttpError } from '../../plugins/errors.ts'
import { signedInMember } from '../account/signed-in.ts'
import type { auditRepo } from '../../store/audit.repo.ts'
import type { customersRepo } from '../../store/customers.repo.ts'
import type { referenceRepo } from '../../store/reference.repo.ts'
import type { usersRepo } from '../../store/users.repo.ts'

interface Deps {
  reference: ReturnType<typeof referenceRepo>
  users: ReturnType<typeof usersRepo>
  customers: ReturnType<typeof customersRepo>
  audit: ReturnType<typeof auditRepo>
  /** The registration variant of the lookup (body with email and phone; no session). */
  registrationLookup: (
    request: FastifyRequest,
    query: RegistrationLookup,
  ) => Promise<RegistrationLookupResponse>
}

export async function customerRoutes(app: FastifyInstance, deps: Deps) {
  const { reference, users, customers, audit, registrationLookup } = deps
  const api = withSchemas(app)
  // Spec §7: PHONE shown in the header; augustar is looked up as onl.
  api.get(
    '/api/customer-api/getPOMailingAddress/:program',
    {
      schema: {
        ...operationOf('mailingAddress'),
        params: z.strictObject({ program: z.string().max(40) }),
        response: { 200: MailingAddressSchema, ...refusals(404) },
      },
    },
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

  const accountSchema = {
    ...operationOf('fidbondAccount'),
    body: AccountRequestSchema,
    response: { 200: AccountSchema, ...changeRefusals, ...refusals(401) },
  }
  api.post('/api/fidbond-api/account', { schema: accountSchema }, async (request) => {
    const { username } = request.body
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
  // The registration variant is the one that carries `email` (strict schemas tell them apart).
  const findSchema = {
    ...operationOf('customerFind'),
    body: z.union([RegistrationLookupSchema, CustomerFindRequestSchema]),
    response: {
      200: z.union([CustomerFindResponseSchema, RegistrationLookupResponseSchema]),
      ...changeRefusals,
      ...refusals(401, 404, 429),
    },
  }
  api.post('/api/customer-api/find', { schema: findSchema }, async (request) => {
    const query = request.body
    if ('email' in query) return registrationLookup(request, query)
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
  })

  // Decision 0008: the member's own mailing address, after the second factor; everything
  // else on the record (status, class, program, tax id) is the operator's, by import.
  const saveCustomerSchema = {
    ...operationOf('saveCustomer'),
    body: SaveCustomerSchema,
    response: { 200: CustomerRecordSchema, ...changeRefusals, ...refusals(401) },
  }
  api.post('/api/customer-api/saveCustomer', { schema: saveCustomerSchema }, async (request) => {
    const { user } = await signedInMember(request, users)
    const { custnum, ...address } = request.body
    if (custnum !== undefined && custnum !== user.custnum) {
      throw new HttpError(403, 'This customer record belongs to another user.')
    }
    const saved = await customers.updateAddress(user.custnum, {
      caddr2: null,
      ccountry: null,
      ...address,
    })
    if (!saved) throw new HttpError(401, 'Please log in to continue.')
    await audit.record({ event: 'customer.address_saved', userId: user.id, clientIp: request.ip })
    return saved
  })
}
