import { canonicalHost } from '@linkhub/shared/resolve/host';

/** Host headers repeat: their canonical form is memoised (bounded, since the header is visitor input). */
const memo = new Map<string, string | null>();
const CAPACITY = 1000;

export function requestHost(header: string | undefined): string | null {
  const raw = header ?? '';
  const known = memo.get(raw);
  if (known !== undefined) return known;
  const host = canonicalHost(raw);
  if (memo.size >= CAPACITY) memo.clear();
  memo.set(raw, host);
  return host;
}
