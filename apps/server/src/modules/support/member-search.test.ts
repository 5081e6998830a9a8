import { describe, expect, it } from 'vitest'
import { memberSearchesOf, ticketOf } from './member-search.ts'

const kinds = (text: string) => memberSearchesOf(text).map((s) => s.kind)

describe("the desk's one search decides what a text is", () => {
  it('reads a ticket as typed or as read aloud', () => {
    expect(ticketOf('INC20261124786765')).toBe('INC20261124786765')
    expect(ticketOf('inc 2026 1124-786765')).toBe('INC20261124786765')
    expect(ticketOf('bclip_demo')).toBeUndefined()
  })

  it('takes an email address for that alone, in lower case', () => {
    expect(memberSearchesOf(' Fid.Bond@Example.com ')).toEqual([
      { kind: 'email', email: 'fid.bond@example.com' },
    ])
  })

  it('tries a whole username or customer number first', () => {
    expect(memberSearchesOf('CABAR_Demo')[0]).toEqual({
      kind: 'account',
      usernameKey: 'cabar_demo',
      custnum: 'CABAR_DEMO',
    })
    expect(kinds('asf100003')).toEqual(['account', 'name'])
  })

  it('then a phone number by its digits, or a part of a name', () => {
    expect(memberSearchesOf('(312) 555-0100')[1]).toEqual({ kind: 'phone', last10: '3125550100' })
    expect(memberSearchesOf('+1 312.555.0100')[1]).toEqual({ kind: 'phone', last10: '3125550100' })
    expect(kinds('Smith')).toEqual(['account', 'name'])
    expect(kinds('555 0100 x2')).toEqual(['account', 'name'])
    expect(kinds('x')).toEqual(['account'])
  })
})
