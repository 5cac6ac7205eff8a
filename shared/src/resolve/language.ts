/** Accept-Language → language ranges ordered by preference (q descending, then header order), lower-case. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: Array<{ tag: string; q: number; index: number }> = [];
  header
    .split(',')
    .slice(0, 20)
    .forEach((part, index) => {
      const [rawTag, ...params] = part.trim().split(';');
      const tag = (rawTag ?? '').trim().toLowerCase();
      if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) return;
      let q = 1;
      for (const param of params) {
        const match = /^\s*q=([0-9.]+)\s*$/.exec(param);
        if (match?.[1] !== undefined) q = Number(match[1]);
      }
      if (Number.isFinite(q) && q > 0) entries.push({ tag, q, index });
    });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

/** `fr` matches `fr` and `fr-ca`; `pt-br` matches `pt-br` and `pt-br-x`, not `pt`. Case-insensitive. */
export function languageMatches(range: string, tag: string): boolean {
  const r = range.toLowerCase();
  const t = tag.toLowerCase();
  return t === r || t.startsWith(`${r}-`);
}
