import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The first link in a mail the dev outbox holds for `to` whose URL matches `pattern` (the
 * verification or invitation link), polled because mail may go out through the queue.
 */
export async function mailedLink(
  outbox: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  while (Date.now() < deadline) {
    for (const file of (await readdir(outbox).catch(() => [])).sort()) {
      const text = await readFile(join(outbox, file), 'utf8');
      if (!text.split('\n').some((line) => line.trim().toLowerCase() === `to: ${to.toLowerCase()}`)) continue;
      const urls = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
      const url = urls.find((u) => pattern.test(u));
      if (url) return url;
      seen.push(...urls);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `no mail to ${to} with a link matching ${pattern} in ${outbox} (links seen: ${[...new Set(seen)].join(', ') || 'none'})`,
  );
}
