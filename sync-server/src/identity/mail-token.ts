import { z } from 'zod';

/** What each kind of mail link says when its token cannot be used: unknown, used, expired, or cut short on the way. */
export const MAIL_LINK_REFUSALS = {
  emailLink: 'This link is invalid or has expired. Request a new one.',
  reset: 'This reset link is invalid or has expired. Request a new one.',
  invitation: 'This invitation is not valid any more. Ask for a new one.',
} as const;

/**
 * The token of one of our mail links. A token not even shaped like one (cut short by a mail
 * client, missing) is refused with the same sentence as an unknown one: the person can do nothing
 * about a "token", only ask for a new link.
 */
export function mailTokenSchema(refusal: string) {
  return z.string({ error: refusal }).refine((token) => token.length >= 10 && token.length <= 200, {
    message: refusal,
    params: { issue: 'invalid_or_expired' },
  });
}
