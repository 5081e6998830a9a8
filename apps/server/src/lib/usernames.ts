// Usernames in any case (issue 32, row E1). `FOO`, `Foo` and `foo` are one username: one
// account (no `Foo` is registered beside `foo`), found whichever way it is typed, and one
// shadow failure counter when no account has it (modules/authentication/unknown-usernames.ts).
// Both sides must fold names exactly alike, or a name that reaches an account under one
// spelling and a counter under another answers differently from a missing one, which tells
// that it exists. The sign-in itself then asks for the stored spelling (spec §5, §8:
// usernames are case-sensitive; issue 40): another case is a mismatch, counted on the account
// (authentication.service.ts).
//
// The fold: surrounding whitespace dropped, then A-Z lowered and nothing else. New usernames
// are ASCII letters, digits and underscores (spec §5), so no stored name has spaces around
// it, and the database folds with `lower(username COLLATE "C")` (store/schema.ts
// usernameKeyOf), which lowers A-Z and nothing else whatever the server's locale. The
// stored spelling stays what the member typed at registration.

/** The form two usernames share when they name one account: trimmed, A-Z lowered. */
export function usernameKey(username: string): string {
  return username.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** Whether two usernames name the same account. */
export function isSameUsername(a: string, b: string): boolean {
  return usernameKey(a) === usernameKey(b)
}
