import type { PatchOperation } from '@linkhub/shared/sync/protocol';

/** A client view record: Replicache key → the row_version the client group holds. */
export type CvrEntries = Record<string, number>;

export type VisibleRow = { key: string; version: number };

export type CvrDiff = { puts: string[]; dels: string[] };

/** Keys to (re)send — new or changed since the previous record — and keys the client must drop. */
export function diffCvr(previous: CvrEntries, current: CvrEntries): CvrDiff {
  const puts: string[] = [];
  const dels: string[] = [];
  for (const [key, version] of Object.entries(current)) {
    if (previous[key] !== version) puts.push(key);
  }
  for (const key of Object.keys(previous)) {
    if (!(key in current)) dels.push(key);
  }
  return { puts, dels };
}

export function toEntries(rows: readonly VisibleRow[]): CvrEntries {
  const entries: CvrEntries = {};
  for (const row of rows) entries[row.key] = row.version;
  return entries;
}

export function buildPatch(
  diff: CvrDiff,
  values: ReadonlyMap<string, unknown>,
  reset: boolean,
): PatchOperation[] {
  const patch: PatchOperation[] = reset ? [{ op: 'clear' }] : diff.dels.map((key) => ({ op: 'del', key }));
  for (const key of diff.puts) {
    const value = values.get(key);
    if (value !== undefined) patch.push({ op: 'put', key, value });
  }
  return patch;
}
