import { messages, type Flavour } from '@portal/contract'

// LOCAL UNTIL THE CONTRACT CARRIES IT: spec §8 gives each flavour its own text for a failed
// call (unexpected status, server failure, transport error).
export const failureMessageOf: Record<Flavour, string> = {
  usweb: messages.login.technicalDifficulties,
  pl: messages.login.somethingWentWrong,
}
