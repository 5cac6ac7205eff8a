/**
 * What a visitor agrees to when they sign up on a bio page. The text is part of the
 * email sign-up block, published with the page; the one shown is the one recorded with the lead,
 * with the page's published revision. Pure: the edge, the worker and the editor read it.
 */
export const DEFAULT_CONSENT_TEXT =
  'I agree to receive emails from the owner of this page. I can unsubscribe at any time.';

export const MAX_CONSENT_TEXT = 1000;

/** The consent text of a sign-up block's data: its own, or the default when it has none. */
export function consentTextOf(data: { consent_text?: string | null | undefined }): string {
  const text = data.consent_text?.trim();
  return text === undefined || text === '' ? DEFAULT_CONSENT_TEXT : text;
}

/** What the sign-up answers a visitor: confirmation mailed (double opt-in), or subscribed. */
export const SUBSCRIBE_OUTCOMES = ['pending', 'subscribed'] as const;
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** The `?subscribe=` status the no-JavaScript form comes back to (303 after the POST). */
export const SUBSCRIBE_STATUSES = ['pending', 'subscribed', 'changed', 'busy'] as const;
export type SubscribeStatus = (typeof SUBSCRIBE_STATUSES)[number];

export function isSubscribeStatus(value: unknown): value is SubscribeStatus {
  return typeof value === 'string' && (SUBSCRIBE_STATUSES as readonly string[]).includes(value);
}

/* The sentence shown in the sign-up block for a status is in the page's language: `publicMessage(lang, `subscribe_${status}`)` (page-language/public-messages.ts, D-602). */
