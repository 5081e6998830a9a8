import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AccountRequestSchema,
  AccountSchema,
  CustomerFindRequestSchema,
  CustomerFindResponseSchema,
  CustomerRecordSchema,
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
import { isSameUsername } from '../../lib/usernames.ts'
import { preparedAnswers, referenceRoute, sendPrepared } from '../../plugins/reference-answers.ts'
import { activeSignIn } from '../signin/flow.ts'
import { memberOf, requireMember } from '../signin/flow-guard.ts'
import { bindProgramCheck } from '../signin/sign-in.ts'
import type { customerService } from './customer.service.ts'

interface Deps {
  customer: ReturnType<typeof customerService>
  /** The registration variant of the lookup (body with email and phone; no session). */
  registrationLookup: (
    request: FastifyRequest,
    query: RegistrationLookup,
  ) => Promise<RegistrationLookupResponse>
}

export async function customerRoutes(app: FastifyInstance, deps: Deps) {
  const { customer: records, registrationLookup } = deps
  const api = withSchemas(app)
  // Spec §7: PHONE shown in the header; augustar is looked up as onl. Reference data:
  // encoded once per phone, cached by browsers (plugins/reference-answers.ts).
  const mailingAnswer = preparedAnswers((phone: string): MailingAddress =>
    MailingAddressSchema.parse({ PHONE: phone }),
  )
  api.get(
    '/api/customer-api/getPOMailingAddress/:program',
    {
      ...referenceRoute,
      schema: {
        ...operationOf('mailingAddress'),
        params: z.strictObject({ program: z.string().max(40) }),
        response: { 200: MailingAddressSchema, ...refusals(404) },
      },
    },
    // Answered at once when the phones are loaded: a promise per request only when they are not.
    (request, reply) => {
      const { program } = request.params
      if (!findProgram(program)) throw new HttpError(404, 'service.unknownProgram')
      const send = (phone: string | undefined) => {
        if (!phone) throw new HttpError(404, 'service.noMailingAddress')
        sendPrepared(request, reply, mailingAnswer(phone))
      }
      const loaded = records.phoneNow(program)
      if (loaded) {
        send(loaded.phone)
        return
      }
      return records.phoneOf(program).then(send)
    },
  )

  const accountSchema = {
    ...operationOf('fidbondAccount'),
    body: AccountRequestSchema,
    response: { 200: AccountSchema, ...changeRefusals, ...refusals(401) },
  }
  const member = { preHandler: requireMember(activeSignIn) }
  api.post('/api/fidbond-api/account', { schema: accountSchema, ...member }, async (request) => {
    const { username } = request.body
    const { user, customer } = request.member
    if (!isSameUsername(user.username, username))
      throw new HttpError(403, 'service.anotherUsersAccount')
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
    // The signed-in user and their customer record (one query); only ever their own.
    const { session, user, customer } = await memberOf(request, activeSignIn)
    if (query.customerNumber !== user.custnum) {
      throw new HttpError(403, 'service.anotherUsersCustomerRecord')
    }
    const program = findProgram(query.clientPrefix)
    if (!program) throw new HttpError(400, 'service.unknownProgram')
    if (!customer) throw new HttpError(404, 'service.noCustomerRecord')
    // The verdict is bound to the flow once (signin/sign-in.ts); before the second factor the
    // answer carries it, not the record (docs/decisions/0006); after it, the whole record.
    const { check, isRecordShown } = await bindProgramCheck(
      request,
      session,
      program.code,
      customer,
    )
    const record = isRecordShown ? await records.recordOf(user.custnum) : undefined
    if (isRecordShown && !record) throw new HttpError(404, 'service.noCustomerRecord')
    return {
      tax_Id: isRecordShown ? customer.taxId : null,
      status: isRecordShown ? customer.status : null,
      custclass: isRecordShown ? customer.custclass : null,
      level2org: isRecordShown ? customer.level2org : null,
      membershipCd: isRecordShown ? customer.membershipCd : null,
      association: check.association,
      verdict: check.verdict,
      body: record ?? records.programOnly(customer),
    }
  })

  // Decision 0008: the member's own mailing address, after the second factor; everything
  // else on the record (status, class, program, tax id) is the operator's, by import.
  const saveCustomerSchema = {
    ...operationOf('saveCustomer'),
    body: SaveCustomerSchema,
    response: { 200: CustomerRecordSchema, ...changeRefusals, ...refusals(401) },
  }
  const signedIn = { preHandler: requireMember() }
  api.post(
    '/api/customer-api/saveCustomer',
    { schema: saveCustomerSchema, ...signedIn },
    async (request) => {
      const { user } = request.member
      const { custnum, ...address } = request.body
      if (custnum !== undefined && custnum !== user.custnum) {
        throw new HttpError(403, 'service.anotherUsersCustomerRecord')
      }
      const saved = await records.saveAddress(
        user,
        { caddr2: null, ccountry: null, ...address },
        request.ip,
      )
      if (!saved) throw new HttpError(401, 'service.pleaseLogIn')
      return saved
    },
  )
}
