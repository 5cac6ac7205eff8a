/**
 * The paths the links in account e-mails open (17.7): the PWA's own routes (`/reset-password`,
 * `/invitations/accept`) or the API's one-click GET doors (`/api/auth/…`), which do their work and
 * redirect to the PWA's `/`. The sync-server writes them into mails; the editor routes on them.
 */
export const APP_LINK_PATHS = {
  verifyEmail: '/api/auth/verify-email',
  magicLink: '/api/auth/magic-link/consume',
  resetPassword: '/reset-password',
  acceptInvitation: '/invitations/accept',
} as const;
export type AppLinkKind = keyof typeof APP_LINK_PATHS;
