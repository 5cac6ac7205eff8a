import type { TxtAnswer } from './txt-lookup';
import type { CnameAnswer } from './cname-lookup';

/**
 * Delay before each re-check after a failed one: quick at first (people add the record while
 * the page is open), then backing off; after the last, about 3 days in, the domain is `failed`
 * and the user re-checks by hand.
 */
export const RECHECK_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
] as const;

/** The delay before check number `attempt + 1`, or null when `attempt` was the last. */
export function nextCheckDelay(attempt: number): number | null {
  return RECHECK_DELAYS_MS[attempt - 1] ?? null;
}

export type VerificationOutcome = 'verified' | 'record_missing' | 'record_mismatch' | 'dns_error';

/** The outcome of one check: the expected token must be one of the TXT values, exactly (spaces trimmed). */
export function judgeTxt(
  answer: TxtAnswer,
  expected: string,
): { outcome: VerificationOutcome; detail: string | null } {
  switch (answer.kind) {
    case 'none':
      return { outcome: 'record_missing', detail: null };
    case 'error':
      return { outcome: 'dns_error', detail: answer.code };
    case 'records':
      return answer.values.some((value) => value.trim() === expected)
        ? { outcome: 'verified', detail: null }
        : {
            outcome: 'record_mismatch',
            detail: `found ${answer.values.length} TXT record(s), none matching`,
          };
  }
}

/** A CNAME proves control when the host points at the link host (port and case aside). */
export function judgeCname(answer: CnameAnswer, linkHost: string): boolean {
  return answer.kind === 'target' && answer.value === linkHost.toLowerCase().replace(/:\d+$/, '');
}

const SEEN_LIMIT = 500;

/** What the check saw, in the words the editor shows under the record to create. */
export function describeSeen(
  txtName: string,
  txt: TxtAnswer,
  hostname: string,
  cname: CnameAnswer | null,
): string {
  const quote = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  const txtPart =
    txt.kind === 'records'
      ? `TXT ${txtName}: ${txt.values.slice(0, 5).map(quote).join(', ')}${txt.values.length > 5 ? ` and ${txt.values.length - 5} more` : ''}`
      : txt.kind === 'none'
        ? `TXT ${txtName}: no record`
        : `TXT ${txtName}: lookup failed (${txt.code})`;
  const cnamePart =
    cname === null
      ? null
      : cname.kind === 'target'
        ? `CNAME ${hostname}: ${cname.value}`
        : cname.kind === 'none'
          ? `CNAME ${hostname}: no record`
          : `CNAME ${hostname}: lookup failed (${cname.code})`;
  return [txtPart, cnamePart]
    .filter((part) => part !== null)
    .join('; ')
    .slice(0, SEEN_LIMIT);
}
