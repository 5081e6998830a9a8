// The reference of the latest call the service failed (5xx `reference`): the start of the
// request id in its logs, which the technical-difficulties banner shows for the support desk.
// Written by the API client, read by the error banner; a module of its own so that the login
// page's first load has the banner without the client (issues 23 and 24's 100 KB).

let latest: string | undefined

export function failureReference(): string | undefined {
  return latest
}

/** The API client's note of each call: the failed call's reference, or none. */
export function noteFailureReference(reference: string | undefined): void {
  latest = reference
}
