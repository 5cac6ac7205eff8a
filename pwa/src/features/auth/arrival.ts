/**
 * What the address a mail link landed on says (`/?email_verified=1`, `/?sign_in_link=unusable`,
 * `/?two_factor_challenge=…`, set by sync-server's one-click doors), read once and then removed from
 * the address bar so a reload or a bookmark does not repeat it.
 */
export type Arrival = { message: string | null; twoFactorChallenge: string | null };

/** The query key, its value and what it tells the person. */
const MESSAGES: ReadonlyArray<readonly [key: string, value: string, text: string]> = [
  ['email_verified', '1', 'Your email address is verified.'],
  [
    'email_link',
    'unusable',
    'That verification link can no longer be used: it was used already or has expired. Sign in, then ask for a new one from the banner.',
  ],
  [
    'sign_in_link',
    'unusable',
    'That sign-in link can no longer be used: it was used already or has expired. Sign in with your password.',
  ],
];
const KEYS = ['email_verified', 'email_link', 'sign_in_link', 'two_factor_challenge'];

export function readArrival(search: string): Arrival | null {
  const params = new URLSearchParams(search);
  const message = MESSAGES.find(([key, value]) => params.get(key) === value)?.[2] ?? null;
  const challenge = params.get('two_factor_challenge');
  const twoFactorChallenge = challenge !== null && /^[\w-]{10,200}$/.test(challenge) ? challenge : null;
  return message === null && twoFactorChallenge === null ? null : { message, twoFactorChallenge };
}

let taken: Arrival | null | undefined;

/** This page load's arrival (the same answer every call); the address bar loses its arrival keys. */
export function takeArrival(): Arrival | null {
  if (taken !== undefined) return taken;
  taken = readArrival(window.location.search);
  const url = new URL(window.location.href);
  if (KEYS.some((key) => url.searchParams.has(key))) {
    for (const key of KEYS) url.searchParams.delete(key);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return taken;
}
