import { describe, expect, it } from 'vitest'
import { auditLine, type AuditRow } from './member-admin.service.ts'

const row = (username: string): AuditRow => ({
  id: 1,
  at: new Date(0),
  event: 'login.unknown_user',
  userId: null,
  username,
  actor: null,
  reason: null,
  clientIp: null,
  requestId: null,
  detail: null,
})
const usernameCell = (username: string) => auditLine(row(username), 'csv').split(',')[4]

describe('an audit CSV cell (X1)', () => {
  it('neutralises a formula character wherever a spreadsheet could start a cell', () => {
    expect(usernameCell('=1+1')).toBe("'=1+1")
    expect(usernameCell('x;=1+1;y')).toBe("x;'=1+1;y")
    expect(usernameCell('x;  +1')).toBe("x;  '+1")
    expect(usernameCell('tab\t@SUM(1)')).toBe("tab\t'@SUM(1)")
    expect(usernameCell('\t\t-1')).toBe("'\t'\t'-1")
  })

  it('leaves a value without a formula as it was', () => {
    expect(usernameCell('bclip_demo')).toBe('bclip_demo')
    expect(usernameCell('a-b;c@d')).toBe('a-b;c@d')
  })
})
