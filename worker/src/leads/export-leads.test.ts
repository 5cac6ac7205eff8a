import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { runLeadsExport } from './export-leads';

let t: TestWorkerDeps;
let dir = '';
let store: ArtifactStore;
let workspaceId = '';
let userId = '';
let pageId = '';

beforeAll(async () => {
  t = await createTestWorkerDeps();
  dir = await mkdtemp(join(tmpdir(), 'leads-export-'));
  store = createLocalArtifactStore(dir);
  const h = createDb(t.database.url);
  const { bioDomainId } = await ensureSystemDomains(h.db);
  const owner = await insertUser(h.db);
  userId = owner.id;
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const page = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle) VALUES ($1, $2, 'shop') RETURNING id",
    [workspaceId, bioDomainId],
  );
  pageId = page.rows[0]?.id ?? '';
  for (const [email, consent] of [
    ['a@example.com', 'News'],
    ['b@example.com', '=HYPERLINK("http://evil")'],
  ])
    await t.deps.pool.query(
      'INSERT INTO leads (workspace_id, page_id, email, consent_text, page_revision) VALUES ($1, $2, $3, $4, 2)',
      [workspaceId, pageId, email, consent],
    );
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const queued = async () =>
  (
    await t.deps.pool.query<{ id: string }>(
      "INSERT INTO export_jobs (workspace_id, requested_by_user_id, kind, params) VALUES ($1, $2, 'leads_csv', $3) RETURNING id",
      [workspaceId, userId, JSON.stringify({ page_ids: null })],
    )
  ).rows[0]?.id ?? '';

describe('leads CSV export', () => {
  it('writes every lead with its consent, guards spreadsheet formulas, finishes at 100 % and audits the row count', async () => {
    const id = await queued();
    expect(await runLeadsExport({ pool: t.deps.pool, store }, workspaceId, id)).toEqual({
      status: 'succeeded',
      rows: 2,
    });
    const row = (
      await t.deps.pool.query<{ status: string; progress: number; storage_key: string }>(
        'SELECT status, progress, storage_key FROM export_jobs WHERE id = $1',
        [id],
      )
    ).rows[0];
    expect(row).toMatchObject({ status: 'succeeded', progress: 100 });
    const stored = await store.stream(row?.storage_key ?? '');
    const text = await new Response(stored?.body).text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'email,status,page,consent_text,consented_at,page_revision,confirmed_at,unsubscribed_at,created_at',
    );
    expect(lines[1]).toMatch(/^a@example\.com,confirmed,shop,News,,2,/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const audit = await t.deps.pool.query<{ metadata: { row_count: number } }>(
      "SELECT metadata FROM audit_log_entries WHERE action = 'lead.exported' AND resource_id = $1",
      [id],
    );
    expect(audit.rows[0]?.metadata.row_count).toBe(2);
  });

  it('an export withdrawn while it runs (a lead was erased) keeps no file', async () => {
    const id = await queued();
    const keys: string[] = [];
    const withdrawing: ArtifactStore = {
      ...store,
      putFile: async (key, path, type) => {
        keys.push(key);
        await store.putFile(key, path, type);
        // What deleteLead does to a running leads export, between the file and the finish.
        await t.deps.pool.query(
          "UPDATE export_jobs SET status = 'failed', error = 'withdrawn' WHERE id = $1",
          [id],
        );
      },
    };
    expect(await runLeadsExport({ pool: t.deps.pool, store: withdrawing }, workspaceId, id)).toEqual({
      status: 'skipped',
      rows: 0,
    });
    expect(keys).toHaveLength(1);
    expect(await store.stream(keys[0] ?? '')).toBeNull();
  });
});
