// Usernames in any case (issue 32, row E1). `FOO`, `Foo` and `foo` are one username: the
// account a member registered whichever way they type it, and one shadow failure counter
// when no account has it (modules/authentication/unknown-usernames.ts). Both sides must fold
// names exactly alike, or a name that reaches an account under one spelling and a counter
// under another answers differently from a missing one, which tells that it exists.
//
// The fold is ASCII only, with no trimming: new usernames are ASCII letters, digits and
// underscores (spec §5), and the database folds with `lower(username COLLATE "C")`
// (store/schema.ts usernameKeyOf), which lowers A-Z and nothing else whatever the server's
// locale. A name with spaces around it is another name, for the account lookup and for the
// counters alike. The stored spelling stays what the member typed at registration.

/** The form two usernames share when they differ only in case: A-Z lowered, nothing else. */
export function usernameKey(username: string): string {
  return username.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** Whether two usernames name the same account. */
export function isSameUsername(a: string, b: string): boolean {
  return usernameKey(a) === usernameKey(b)
}
