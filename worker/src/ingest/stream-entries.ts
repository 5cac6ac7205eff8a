/** One stream entry: its id and flat field/value list (null when the entry was deleted/trimmed while pending). */
export type StreamEntry = { id: string; fields: string[] | null };

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** `[[id, [f, v, …]], …]` (the entry list of XREADGROUP / XAUTOCLAIM) → entries; anything else is skipped. */
export function parseEntries(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: StreamEntry[] = [];
  for (const item of raw) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
    const fields: unknown = item[1];
    entries.push({ id: item[0], fields: isStringArray(fields) ? fields : null });
  }
  return entries;
}

/**
 * XREADGROUP reply → the entries of the one stream read: RESP2 `[[stream, entries]]`, or the RESP3
 * map flattened by ioredis to `[stream, entries]`; null when nothing arrived.
 */
export function parseReadGroupReply(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  const first: unknown = raw[0];
  if (typeof first === 'string') return parseEntries(raw[1]);
  return Array.isArray(first) ? parseEntries(first[1]) : [];
}

/** XAUTOCLAIM reply (`[next_cursor, entries, deleted_ids?]`). */
export function parseAutoClaimReply(raw: unknown): {
  cursor: string;
  entries: StreamEntry[];
  deleted: string[];
} {
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') return { cursor: '0-0', entries: [], deleted: [] };
  const deleted: unknown = raw[2];
  return { cursor: raw[0], entries: parseEntries(raw[1]), deleted: isStringArray(deleted) ? deleted : [] };
}

/** Extended XPENDING reply (`[[id, consumer, idle ms, deliveries], …]`) → delivery count by entry id. */
export function parsePendingDeliveries(raw: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  if (!Array.isArray(raw)) return counts;
  for (const item of raw) {
    if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[3] === 'number')
      counts.set(item[0], item[3]);
  }
  return counts;
}

/** A stream entry id's two parts, `<ms>-<seq>`, as decimal text (PostgreSQL reads them as bigints). */
export type EntryIdParts = { ms: string; seq: string };

const ENTRY_ID = /^(\d{1,19})-(\d{1,19})$/;

/** `<ms>-<seq>` → its parts; null for anything that is not a stream entry id. */
export function entryIdParts(id: unknown): EntryIdParts | null {
  const match = typeof id === 'string' ? ENTRY_ID.exec(id) : null;
  return match?.[1] === undefined || match[2] === undefined ? null : { ms: match[1], seq: match[2] };
}

/** The id of the first entry of an XRANGE reply; null when it holds none. */
export function firstEntryId(reply: unknown): EntryIdParts | null {
  return Array.isArray(reply) && Array.isArray(reply[0]) ? entryIdParts(reply[0][0]) : null;
}
