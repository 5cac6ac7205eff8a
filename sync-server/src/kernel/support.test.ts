import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ConflictError } from '@linkhub/shared/errors/app-error';
import { asConflict, withConflicts } from './support';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../testing/command-kit';

/** The command helpers: constraint violations as codes a user can act on, creators' grants, versions. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (e) {
    return e instanceof AppError ? { code: e.code, details: e.details } : { code: String(e), details: [] };
  }
  return null;
};

describe('asConflict / withConflicts', () => {
  it('a taken slug, handle or hostname is a 409 naming the field', async () => {
    await kit.run('createLink', linkArgs(ws, { slug: 'taken' }));
    expect(await refusal(kit.run('createLink', linkArgs(ws, { slug: 'taken' })))).toEqual({
      code: 'slug_taken',
      details: [{ field: 'slug', issue: 'slug_taken' }],
    });
    const page = () => ({ id: randomUUID(), workspace_id: ws, handle: 'ada', title: 'Ada' });
    await kit.run('createPage', page());
    expect(await refusal(kit.run('createPage', page()))).toMatchObject({
      code: 'handle_taken',
      details: [{ field: 'handle' }],
    });
    const domain = () => ({
      id: randomUUID(),
      workspace_id: ws,
      hostname: 'go.example.org',
      purpose: 'links',
    });
    await kit.run('addDomain', domain());
    expect(await refusal(kit.run('addDomain', domain()))).toMatchObject({
      code: 'domain_taken',
      details: [{ field: 'hostname' }],
    });
  });

  it('a link slug a QR code holds on the host is qr_slug_reserved', async () => {
    await kit.run('createQrCode', {
      id: randomUUID(),
      workspace_id: ws,
      destination_url: 'https://example.com/menu',
      slug: 'menu',
    });
    expect(await refusal(kit.run('createLink', linkArgs(ws, { slug: 'menu' })))).toMatchObject({
      code: 'qr_slug_reserved',
      details: [{ field: 'slug' }],
    });
  });

  it('leaves any other error as it is', async () => {
    const plain = new Error('disk full');
    expect(asConflict(plain)).toBe(plain);
    await expect(withConflicts(() => kit.deps.pool.query('SELECT 1/0'))).rejects.not.toBeInstanceOf(
      ConflictError,
    );
  });
});

describe('grantToCreator', () => {
  it('a scoped editor (one with grants) keeps access to what they create; an unscoped editor gets no grant', async () => {
    const scoped: Account = await kit.signUp('Sam');
    const open: Account = await kit.signUp('Olly');
    await kit.sql('UPDATE users SET email_verified_at = now()');
    const scopedId = await kit.addMember(ws, scoped.userId, 'editor');
    await kit.addMember(ws, open.userId, 'editor');
    // Scoped means "has grants": one on an existing link.
    const existing = linkArgs(ws);
    await kit.run('createLink', existing);
    await kit.sql(
      "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3)",
      [ws, scopedId, existing.id],
    );
    const mine = linkArgs(ws, { title: 'Sam’s' });
    expect(await kit.push('createLink', mine, scoped)).toBeNull();
    expect(
      await kit.push('updateLink', { id: mine.id, workspace_id: ws, title: 'Sam’s, edited' }, scoped),
    ).toBeNull();
    const grants = await kit.sql<{ source: string }>(
      'SELECT source FROM resource_grants WHERE member_id = $1 AND resource_id = $2',
      [scopedId, mine.id],
    );
    expect(grants).toEqual([{ source: 'auto_on_create' }]);
    const theirs = linkArgs(ws);
    expect(await kit.push('createLink', theirs, open)).toBeNull();
    expect(await kit.sql('SELECT 1 FROM resource_grants WHERE resource_id = $1', [theirs.id])).toHaveLength(
      0,
    );
  });
});

describe('snapshotVersionAndAudit', () => {
  it('each update stores the row as it now stands under its new version, with its audit entry', async () => {
    const link = linkArgs(ws, { title: 'v1' });
    await kit.run('createLink', link);
    await kit.run('updateLink', { id: link.id, workspace_id: ws, title: 'v2' });
    const versions = await kit.sql<{ version: number; title: string }>(
      "SELECT version, snapshot->>'title' AS title FROM link_versions WHERE link_id = $1 ORDER BY version",
      [link.id],
    );
    expect(versions).toEqual([
      { version: 1, title: 'v1' },
      { version: 2, title: 'v2' },
    ]);
    const actions = await kit.sql<{ action: string }>(
      'SELECT action FROM audit_log_entries WHERE resource_id = $1 ORDER BY id',
      [link.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['link.created', 'link.updated']);
  });
});
