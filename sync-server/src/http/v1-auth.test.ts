import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '@linkhub/shared/schemas/links';
import { createDb } from '@linkhub/shared/server/db';
import { insertMember, insertUser } from '@linkhub/shared/server/db/fixtures';
import { insertApiKey } from '../identity/api-keys';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { insertGrant } from '../identity/grants';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../testing/v1-kit';

/** API-key authority on /v1: revocation, the creator's current role, grants (scoped members). */
let kit: V1Kit;
let ownerKey: string;
let editor: { userId: string; memberId: string; key: string };
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  ownerKey = await kit.key(ALL_SCOPES);
  const db = createDb(kit.database.url);
  const user = await insertUser(db.db, { email: 'v1-editor@example.com' });
  const member = await insertMember(db.db, {
    workspaceId: kit.owner.workspaceId,
    userId: user.id,
    role: 'editor',
  });
  await db.close();
  const { key } = await withTransaction(kit.deps.pool, (tx) =>
    insertApiKey(tx, {
      workspaceId: kit.owner.workspaceId,
      userId: user.id,
      memberId: member.id,
      name: 'editor key',
      scopes: ['links:read', 'links:write'],
      expiresAt: null,
    }),
  );
  editor = { userId: user.id, memberId: member.id, key };
});
afterAll(async () => {
  await kit.stop();
});

describe('/v1 API-key authority', () => {
  it('a revoked key is 401 api_key_revoked', async () => {
    const key = await kit.key(['links:read']);
    const prefix = key.split('_').slice(0, 2).join('_');
    await kit.deps.pool.query('UPDATE api_keys SET revoked_at = now() WHERE prefix = $1', [prefix]);
    const res = await kit.api('GET', '/v1/links', { key });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).error.code).toBe('api_key_revoked');
  });

  it('a key revoked or expired after use is refused at once, though its row is remembered', async () => {
    for (const change of ['revoked_at = now()', "expires_at = now() - interval '1 second'"]) {
      const key = await kit.key(['links:read', 'links:write']);
      const prefix = key.split('_').slice(0, 2).join('_');
      expect((await kit.api('GET', '/v1/links', { key })).status).toBe(200);
      // As another process (or the members route) would: nothing in this process is told.
      await kit.deps.pool.query(`UPDATE api_keys SET ${change} WHERE prefix = $1`, [prefix]);
      const list = await kit.api('GET', '/v1/links', { key });
      expect(list.status).toBe(401);
      expect((await json<ErrorBody>(list)).error.code).toBe('api_key_revoked');
      const create = await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: 'https://example.com/after-revoke' },
      });
      expect(create.status).toBe(401);
      expect((await json<ErrorBody>(create)).error.code).toBe('api_key_revoked');
    }
  });

  it("acts with its creator's current role: an editor demoted to viewer can no longer write", async () => {
    const ok = await kit.api('POST', '/v1/links', {
      key: editor.key,
      body: { destination_url: 'https://example.com/by-editor' },
    });
    expect(ok.status).toBe(201);
    await kit.deps.pool.query("UPDATE workspace_members SET role = 'viewer' WHERE id = $1", [
      editor.memberId,
    ]);
    const refused = await kit.api('POST', '/v1/links', {
      key: editor.key,
      body: { destination_url: 'https://example.com/by-viewer' },
    });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).error.code).toBe('insufficient_role');
    expect((await kit.api('GET', '/v1/links', { key: editor.key })).status).toBe(200);
    await kit.deps.pool.query("UPDATE workspace_members SET role = 'editor' WHERE id = $1", [
      editor.memberId,
    ]);
  });

  it('a scoped member’s key lists and reads only granted links; the rest are 404 like missing ones', async () => {
    const granted = (
      await json<Envelope<Link>>(
        await kit.api('POST', '/v1/links', {
          key: ownerKey,
          body: { destination_url: 'https://example.com/granted' },
        }),
      )
    ).data;
    const hidden = (
      await json<Envelope<Link>>(
        await kit.api('POST', '/v1/links', {
          key: ownerKey,
          body: { destination_url: 'https://example.com/hidden' },
        }),
      )
    ).data;
    await withTransaction(kit.deps.pool, (tx) =>
      insertGrant(tx, {
        workspaceId: kit.owner.workspaceId,
        memberId: editor.memberId,
        resourceType: 'link',
        resourceId: granted.id,
        source: 'manual',
        grantedByUserId: kit.owner.userId,
      }),
    );
    const list = await json<Envelope<Link[]>>(
      await kit.api('GET', '/v1/links?limit=100', { key: editor.key }),
    );
    expect(list.data.map((l) => l.id)).toContain(granted.id);
    expect(list.data.map((l) => l.id)).not.toContain(hidden.id);
    expect((await kit.api('GET', `/v1/links/${granted.id}`, { key: editor.key })).status).toBe(200);
    const strip = (b: ErrorBody) => JSON.stringify({ ...b.error, request_id: '' });
    const ungranted = await kit.api('GET', `/v1/links/${hidden.id}`, { key: editor.key });
    const missing = await kit.api('GET', '/v1/links/0190c3c4-0000-7000-8000-0000000000ff', {
      key: editor.key,
    });
    expect(ungranted.status).toBe(404);
    expect(strip(await json<ErrorBody>(ungranted))).toBe(strip(await json<ErrorBody>(missing)));
    const edit = await kit.api('PATCH', `/v1/links/${hidden.id}`, {
      key: editor.key,
      body: { title: 'mine now' },
    });
    expect(edit.status).toBe(404);
  });

  it('archiving twice is 409 resource_archived; a deleted workspace answers 410 workspace_deleted', async () => {
    const link = (
      await json<Envelope<Link>>(
        await kit.api('POST', '/v1/links', {
          key: ownerKey,
          body: { destination_url: 'https://example.com/twice' },
        }),
      )
    ).data;
    expect((await kit.api('DELETE', `/v1/links/${link.id}`, { key: ownerKey })).status).toBe(200);
    const again = await kit.api('DELETE', `/v1/links/${link.id}`, { key: ownerKey });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).error.code).toBe('resource_archived');

    const otherKey = await kit.key(['links:read'], 'other');
    await kit.deps.pool.query(
      "UPDATE workspaces SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1",
      [kit.other.workspaceId],
    );
    const gone = await kit.api('GET', '/v1/links', { key: otherKey });
    expect(gone.status).toBe(410);
    expect((await json<ErrorBody>(gone)).error.code).toBe('workspace_deleted');
  });
});
