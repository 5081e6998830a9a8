// A submit before any script has run (a slow network, an early Enter) posts the rendered
// login form to its page's own address. The member is sent back to the page, not shown an
// error; the body (the password typed) is not read, and nothing changes.
import { describe, expect, it } from 'vitest'
import { appForFile, auditTrail, latestAuditId, sessionsOf } from '../harness.ts'

const t = appForFile()

const submitForm = (url: string, contentType = 'application/x-www-form-urlencoded') =>
  t.client().send({
    method: 'POST',
    url,
    headers: { 'content-type': contentType },
    payload: 'userName=bclip_demo&password=Not%23Read2026',
  })

describe('a login form submitted before any script ran', () => {
  it('is sent back to its page, as a GET, with the address as it was', async () => {
    const since = await latestAuditId(t)
    for (const url of [
      '/usweb/login?prgName=bclip&level1Org=100',
      '/proliability/login',
      '/usweb/forgot-password?prgName=bclip',
      '/usweb',
    ]) {
      const answer = await submitForm(url)
      expect(answer.statusCode, url).toBe(303)
      expect(answer.headers.location).toBe(url)
      expect(answer.body).not.toContain('Not#Read2026')
    }
    // Whatever the form sent: nothing was signed in, refused or recorded.
    expect(await sessionsOf(t, 'bclip_demo')).toEqual([])
    expect(await auditTrail(t, since)).toEqual([])
  })

  it('is answered the same way whatever the body says it is', async () => {
    const answer = await submitForm('/usweb/login', 'multipart/form-data; boundary=x')
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe('/usweb/login')
  })

  it('leaves the API as it was: a call is never sent back to a page', async () => {
    const answer = await submitForm('/api/us-web-authentication/authenticate')
    expect(answer.statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.headers.location).toBeUndefined()
  })
})
