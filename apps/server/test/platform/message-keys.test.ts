// Issue 42: every message the service answers is a key of the catalogue, answered beside its
// English (spec §7) as `messageKey`, by which the portal shows it in the page's language.
import { describe, expect, it } from 'vitest'
import { messages } from '@portal/contract'
import { appForFile } from '../harness.ts'

const t = appForFile()

describe('an error answer', () => {
  it("names the key of a refusal's message", async () => {
    const client = t.client()
    await client.get('/usweb/login')
    const response = await client.postJson('/api/portal/handoff')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: 'Unauthorized',
      message: messages.service.pleaseLogIn,
      messageKey: 'service.pleaseLogIn',
    })
  })

  it('names the key of an address with nothing at it', async () => {
    const response = await t.client().get('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: 'Not Found',
      message: messages.service.nothingHere,
      messageKey: 'service.nothingHere',
    })
  })
})
