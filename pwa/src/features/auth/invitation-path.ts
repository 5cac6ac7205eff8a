/** Where an invitation mail's link lands: the sign-in screen explains it, and once signed in the join runs there. */
export const INVITATION_PATH = '/invitations/accept';
