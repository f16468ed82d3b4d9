/** Public (no session) routes besides the spec's player calls. */
export const PublicRoutes = {
  contact: '/api/contact/submit', // POST ContactMessageInput -> { statusCode: 200, statusMessage }
  siteConfig: '/api/site/config', // GET -> SiteConfigResponse
} as const;

export interface SiteConfigResponse {
  statusCode: 200;
  /** Path of the Android package at the site root, when one is configured. */
  androidAppUrl: string | null;
  defaultReferralCode: string;
  telegramUrl: string;
  facebookUrl: string;
  supportEmail: string;
  /** The external betting site of the account menu; null when none is configured (no link shown). */
  bettingSiteUrl: string | null;
}
