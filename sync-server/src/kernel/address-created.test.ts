import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** A new link or QR code: the row, its first version and its audit entry in one statement, then its key. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);

describe('insertAddress', () => {
  it('a link: row, version 1 “created”, audit entry, the row in the answer and its key written', async () => {
    const link = linkArgs(ws, { slug: 'new-link', title: 'New' });
    const result = await kit.run('createLink', link);
    expect(result).toMatchObject({
      workspaceId: ws,
      resource: { type: 'link', id: link.id, title: 'New' },
      value: { slug: 'new-link', host: kit.deps.config.LINK_HOST },
      row: { id: link.id, slug: 'new-link', destination_url: 'https://example.com/a' },
    });
    expect(result.row).not.toHaveProperty('created_in_workspace');
    const [version] = await kit.sql<{ version: number; change_summary: string; created_by_user_id: string }>(
      'SELECT version, change_summary, created_by_user_id FROM link_versions WHERE link_id = $1',
      [link.id],
    );
    expect(version).toEqual({ version: 1, change_summary: 'created', created_by_user_id: kit.owner.userId });
    const [audit] = await kit.sql<{ action: string; changes: unknown }>(
      'SELECT action, changes FROM audit_log_entries WHERE resource_id = $1',
      [link.id],
    );
    expect(audit).toMatchObject({
      action: 'link.created',
      changes: {
        after: {
          slug: 'new-link',
          host: kit.deps.config.LINK_HOST,
          destination_url: 'https://example.com/a',
        },
      },
    });
    expect(await kit.deps.redis.get(keyOf('new-link'))).toContain('https://example.com/a');
  });

  it('a QR code: its own version table and audit action, its key written after commit', async () => {
    const id = randomUUID();
    const result = await kit.run('createQrCode', {
      id,
      workspace_id: ws,
      destination_url: 'https://example.com/poster',
      slug: 'poster',
    });
    expect(result.resource).toEqual({ type: 'qr_code', id, title: 'poster' });
    expect(
      await kit.sql("SELECT 1 FROM qr_code_versions WHERE qr_code_id = $1 AND change_summary = 'created'", [
        id,
      ]),
    ).toHaveLength(1);
    expect(
      await kit.sql("SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action = 'qr_code.created'", [
        id,
      ]),
    ).toHaveLength(1);
    expect(await kit.deps.redis.get(keyOf('poster'))).toContain('https://example.com/poster');
  });

  it('a taken slug writes nothing at all: no row, no version, no audit entry', async () => {
    const again = linkArgs(ws, { slug: 'new-link' });
    expect(await kit.push('createLink', again)).toBe('slug_taken');
    for (const table of [
      'links WHERE id',
      'link_versions WHERE link_id',
      'audit_log_entries WHERE resource_id',
    ])
      expect(await kit.sql(`SELECT 1 FROM ${table} = $1`, [again.id])).toHaveLength(0);
  });

  it('a generated slug when none is given, answered in the result', async () => {
    const result = await kit.run('createLink', linkArgs(ws));
    const slug = String(result.row?.slug);
    expect(slug).toMatch(/^[A-Za-z0-9_-]{4,}$/);
    expect(result.value).toEqual({ slug, host: kit.deps.config.LINK_HOST });
    expect(await kit.deps.redis.get(keyOf(slug))).toContain('https://example.com/a');
  });
});
