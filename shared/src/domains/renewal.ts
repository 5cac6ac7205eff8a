const DAY_MS = 86_400_000;

/** Renew 30 days ahead, or at two thirds of a shorter lifetime (Let's Encrypt's advice for 90-day and short-lived certificates). */
export const RENEW_AHEAD_MS = 30 * DAY_MS;

export type Validity = { notBefore: Date; notAfter: Date };

/** When a certificate should be renewed: the earlier of 30 days before expiry and two thirds of its lifetime. */
export function renewAt({ notBefore, notAfter }: Validity): Date {
  const lifetime = notAfter.getTime() - notBefore.getTime();
  const ahead = Math.min(RENEW_AHEAD_MS, lifetime / 3);
  return new Date(notAfter.getTime() - ahead);
}

export function renewalDue(validity: Validity, now: Date): boolean {
  return now.getTime() >= renewAt(validity).getTime();
}
