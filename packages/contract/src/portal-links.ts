// The portal's external links (privacy policy, terms of use, …): the service writes them into
// the page at run time (apps/server/src/plugins/web.ts), the portal reads them
// (apps/web/src/config/env.ts). One shape for both.
export interface PortalLinks {
  privacyPolicy: string
  termsOfUse: string
  consultingFirm: string
  policyHighlights: string
  liveChat: string
  mfaFaq: string
}
