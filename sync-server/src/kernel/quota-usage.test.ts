import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaUsage, quotaUsageForCreate } from './quota-usage';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** What counts toward a plan's cap (docs/product-rules.md#plans-and-billing). */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

describe('quotaUsage', () => {
  it('counts live links only: archived, deleted and QR-pinned links are not counted', async () => {
    const links = [linkArgs(ws), linkArgs(ws), linkArgs(ws), linkArgs(ws)];
    for (const link of links) expect(await kit.push('createLink', link)).toBeNull();
    expect(await quotaUsage(kit.deps.pool, ws, 'links')).toBe(4);
    const qr = randomUUID();
    expect(
      await kit.push('createQrCode', { id: qr, workspace_id: ws, destination_url: 'https://example.com/q' }),
    ).toBeNull();
    const [pinned, archived, deleted] = links;
    await kit.sql('UPDATE links SET qr_code_id = $2 WHERE id = $1', [pinned?.id, qr]);
    expect(await kit.push('archiveLink', { id: archived?.id, workspace_id: ws })).toBeNull();
    await kit.sql('UPDATE links SET deleted_at = now() WHERE id = $1', [deleted?.id]);
    expect(await quotaUsage(kit.deps.pool, ws, 'links')).toBe(1);
    expect(await quotaUsage(kit.deps.pool, ws, 'qr_codes')).toBe(1);
  });

  it('counts custom domains that are not removed, and the billing account’s live workspaces', async () => {
    expect(await quotaUsage(kit.deps.pool, ws, 'custom_domains')).toBe(0);
    const id = randomUUID();
    expect(
      await kit.push('addDomain', { id, workspace_id: ws, hostname: 'go.example.net', purpose: 'links' }),
    ).toBeNull();
    expect(await quotaUsage(kit.deps.pool, ws, 'custom_domains')).toBe(1);
    await kit.sql("UPDATE custom_domains SET status = 'removed' WHERE id = $1", [id]);
    expect(await quotaUsage(kit.deps.pool, ws, 'custom_domains')).toBe(0);
    expect(await quotaUsage(kit.deps.pool, ws, 'workspaces')).toBe(1);
    expect(await quotaUsage(kit.deps.pool, ws, 'members')).toBe(1);
  });

  it('a create’s count waits for another transaction holding the workspace’s quota lock', async () => {
    const holder = await kit.deps.pool.connect();
    const waiter = await kit.deps.pool.connect();
    try {
      await holder.query('BEGIN');
      await quotaUsageForCreate(holder, ws, 'links');
      await holder.query(
        'INSERT INTO links (id, workspace_id, domain_id, slug, destination_url) SELECT $1, $2, domain_id, $3, destination_url FROM links WHERE workspace_id = $2 LIMIT 1',
        [randomUUID(), ws, `lock-${randomUUID().slice(0, 6)}`],
      );
      await waiter.query('BEGIN');
      const counted = quotaUsageForCreate(waiter, ws, 'links');
      await holder.query('COMMIT');
      // Had it counted before the holder committed, it would not see the holder's new link.
      expect(await counted).toBe(2);
      await waiter.query('COMMIT');
    } finally {
      holder.release();
      waiter.release();
    }
  });
});
