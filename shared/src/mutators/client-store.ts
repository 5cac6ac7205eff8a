import type { ReadTransaction, ReadonlyJSONValue, WriteTransaction } from 'replicache';
import type { z } from 'zod';
import { SYNC_KEY_PREFIXES, syncKeys } from '../sync/keys';
import { domainViewSchema, type DomainView } from '../sync/views';

/** Typed reads and merges over the client view, for the optimistic mutator implementations. */
export async function readView<S extends z.ZodType>(
  tx: ReadTransaction,
  key: string,
  schema: S,
): Promise<z.infer<S> | undefined> {
  const value = await tx.get(key);
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Merge a patch into an existing value; a missing row is left alone (the server will refuse or resolve it). */
export async function patchView<S extends z.ZodType<{ [key: string]: ReadonlyJSONValue }>>(
  tx: WriteTransaction,
  key: string,
  schema: S,
  patch: Partial<z.infer<S>>,
  now: string,
): Promise<void> {
  const current = await readView(tx, key, schema);
  if (current === undefined) return;
  await tx.set(key, { ...current, ...patch, updated_at: now });
}

/** The host a new link or QR code gets: the given domain, else the system link host. */
export async function linkDomainFor(
  tx: ReadTransaction,
  domainId: string | undefined,
): Promise<DomainView | undefined> {
  if (domainId) return readView(tx, syncKeys.domain(domainId), domainViewSchema);
  for await (const value of tx.scan({ prefix: SYNC_KEY_PREFIXES.domain }).values()) {
    const parsed = domainViewSchema.safeParse(value);
    if (parsed.success && parsed.data.is_system && parsed.data.purpose !== 'bio') return parsed.data;
  }
  return undefined;
}

export async function bioDomainFor(tx: ReadTransaction): Promise<DomainView | undefined> {
  for await (const value of tx.scan({ prefix: SYNC_KEY_PREFIXES.domain }).values()) {
    const parsed = domainViewSchema.safeParse(value);
    if (parsed.success && parsed.data.is_system && parsed.data.purpose !== 'links') return parsed.data;
  }
  return undefined;
}

export const nowIso = (): string => new Date().toISOString();
