// The desk's one search box (issues 15, 27, 31): the service, not the console, decides what a
// text is. These are the pure rules; support.service.ts runs the searches in this order and
// stops at the first that finds someone.
import type { ConsoleSearchKind } from '@portal/contract/console'
import { usernameKey } from '../../lib/usernames.ts'
import type { MemberSearch } from '../../store/member-admin.repo.ts'

/** What the service took a search text for (audited with the count, never the text). */
export type SearchKind = ConsoleSearchKind

/** Issue 27: a ticket as read aloud ("INC 2026 1124 786765", "inc-2026…") is the ticket. */
export function ticketOf(text: string): string | undefined {
  const ticket = text.replace(/[\s-]+/g, '').toUpperCase()
  return /^INC\d+$/.test(ticket) ? ticket : undefined
}

/**
 * The member searches a text calls for, in order: an email address is only that; any other
 * text is first a whole username or customer number, then a phone number (at least 7 digits
 * and nothing but a phone's punctuation) or, from 2 characters, a part of a name.
 */
export function memberSearchesOf(query: string): MemberSearch[] {
  const text = query.trim()
  if (text.includes('@')) return [{ kind: 'email', email: text.toLowerCase() }]
  const searches: MemberSearch[] = [
    { kind: 'account', usernameKey: usernameKey(text), custnum: text.toUpperCase() },
  ]
  const digits = text.replace(/\D/g, '')
  if (digits.length >= 7 && digits.length === text.replace(/[\s()+.-]/g, '').length) {
    searches.push({ kind: 'phone', last10: digits.slice(-10) })
  } else if (text.length >= 2) {
    searches.push({ kind: 'name', text })
  }
  return searches
}
