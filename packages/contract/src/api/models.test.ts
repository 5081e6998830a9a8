import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { FormLoginSchema, LoginRequestSchema, PlAuthenticateFormSchema } from './authentication.ts'
import {
  EnterVerificationCodeSchema,
  MfaNoInputSchema,
  MfaUpdateUserSchema,
  SubmitVerificationSchema,
  mfaModel,
} from './mfa.ts'
import { defineModel, ignoredMark, requestOf } from './models.ts'

/** Spec §3 MFA model, every field, as the original portal sends it with each MFA call. */
const wholeModel = {
  typeOfEmailAddress: 'Personal',
  emailAddress: 'dana@example.com',
  typeOfPhoneNumber: 'Work',
  phoneNumber: '312-555-0101',
  geoCountryId: 'United States',
  verificationCode: '123456',
  rgValue: 'email',
  authenticationType: 'OTP',
  userName: 'bclip_demo',
  incidentID: null,
}

describe('requests derived from a spec §3 model', () => {
  const model = defineModel('test model', {
    read: z.string(),
    other: z.string().check(z.maxLength(3)),
  })
  const schema = requestOf(model, { read: z.string().check(z.minLength(2)) })

  it('read the fields they name with their rules, and accept the rest of the model', () => {
    expect(schema.parse({ read: 'ab', other: 'xyz' })).toEqual({ read: 'ab', other: 'xyz' })
    expect(schema.parse({ read: 'ab', other: null })).toEqual({ read: 'ab' })
    expect(schema.safeParse({ read: 'a' }).success).toBe(false)
    expect(schema.safeParse({ read: 'ab', other: 'long' }).success).toBe(false)
  })

  it('refuse a field the model does not name, naming it', () => {
    const result = schema.safeParse({ read: 'ab', isAdmin: true })
    expect(result.success).toBe(false)
    expect(JSON.stringify(result.error?.issues)).toContain('isAdmin')
  })

  it('mark the accepted, unread fields in the JSON schema', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as {
      properties: Record<string, Record<string, unknown>>
      required: string[]
      description: string
    }
    expect(json.properties.other).toMatchObject({ [ignoredMark]: true })
    expect(json.properties.read?.[ignoredMark]).toBeUndefined()
    expect(json.required).toEqual(['read'])
    expect(json.description).toBe(
      'The test model (spec §3). Reads: read. Accepts and ignores: other.',
    )
  })
})

describe('the MFA calls (issue 26)', () => {
  it('take the whole MFA model, each reading its own fields', () => {
    expect(Object.keys(mfaModel.fields)).toHaveLength(10)
    for (const schema of [
      MfaUpdateUserSchema,
      SubmitVerificationSchema,
      EnterVerificationCodeSchema,
      MfaNoInputSchema,
    ]) {
      expect(schema.safeParse(wholeModel).error?.issues ?? []).toEqual([])
    }
    expect(MfaNoInputSchema.parse({})).toEqual({})
    expect(MfaNoInputSchema.parse(null)).toBeNull()
  })

  it('still check what they read', () => {
    expect(SubmitVerificationSchema.safeParse({ ...wholeModel, rgValue: 'pigeon' }).success).toBe(
      false,
    )
    expect(
      EnterVerificationCodeSchema.safeParse({ ...wholeModel, verificationCode: '12' }).success,
    ).toBe(false)
    expect(
      MfaUpdateUserSchema.safeParse({ ...wholeModel, phoneNumber: '3125550101' }).success,
    ).toBe(false)
    expect(MfaNoInputSchema.safeParse({ ...wholeModel, username: 'x' }).success).toBe(false)
  })
})

describe('the login forms', () => {
  it('accept the fields of their model that they do not read', () => {
    const login = { userName: 'pl_user', password: 'x', velLevel1Org: '110' }
    expect(PlAuthenticateFormSchema.safeParse(login).success).toBe(true)
    const authorize = { username: 'pl_user', password: 'x', velLevel1Org: '110', rememberMe: null }
    expect(LoginRequestSchema.safeParse(authorize).success).toBe(true)
    const form = {
      j_username: 'u',
      j_password: 'p',
      'remember-me': 'true',
      submit: 'Login',
      level1org: '100',
    }
    expect(FormLoginSchema.safeParse(form).success).toBe(true)
  })
})
