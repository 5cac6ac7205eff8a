import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { runAnalyticsExport } from '../../worker/src/analytics/export-csv';
import { runQrBatchExport } from '../../worker/src/artifacts/qr-batch';
import { startHarness, type Harness } from '../analytics/harness';

/** Exports cover exactly the resources they name. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const post = (path: string, body: unknown) =>
  h.app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('exports limited by resource', () => {
  it('an analytics CSV export naming 2 of 3 resources holds the events of exactly those 2', async () => {
    const { link, qr, page } = h.resources;
    await h.xadd([
      testEvent({ workspace_id: h.workspaceId, resource_id: link }, 'L'),
      testEvent(
        { workspace_id: h.workspaceId, resource_id: qr, resource_type: 'qr_code', event_type: 'scan' },
        'Q',
      ),
      testEvent(
        {
          workspace_id: h.workspaceId,
          resource_id: page,
          resource_type: 'bio_page',
          event_type: 'page_view',
        },
        'P',
      ),
    ]);
    await h.drain();
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const start = await post('/v1/analytics/exports', {
      workspace_id: h.workspaceId,
      source: 'raw',
      from,
      to,
      resource_ids: [link, qr],
    });
    expect(start.status).toBe(202);
    const id = ((await start.json()) as { data: { id: string } }).data.id;
    expect(
      await runAnalyticsExport({ pool: h.deps.pool, store: h.deps.artifacts }, h.workspaceId, id),
    ).toEqual({ status: 'succeeded', rows: 2 });
    const file = await h.app.request(`/v1/analytics/exports/${id}/download?workspace_id=${h.workspaceId}`, {
      headers: { Authorization: `Bearer ${h.session}` },
    });
    expect(file.status).toBe(200);
    const csv = await file.text();
    expect(csv).toContain(link);
    expect(csv).toContain(qr);
    expect(csv).not.toContain(page);

    // A resource of no workspace of the caller answers like a missing one, and starts nothing.
    const jobs = await h.deps.pool.query('SELECT 1 FROM export_jobs');
    const foreign = await post('/v1/analytics/exports', {
      workspace_id: h.workspaceId,
      from,
      to,
      resource_ids: [link, '0190f0b0-0000-7000-8000-000000000000'],
    });
    expect(foreign.status).toBe(404);
    expect((await h.deps.pool.query('SELECT 1 FROM export_jobs')).rowCount).toBe(jobs.rowCount);
  });

  it('a QR batch ZIP of 2 of 3 codes holds exactly those 2', async () => {
    const domain = await h.deps.pool.query<{ domain_id: string }>(
      'SELECT domain_id FROM qr_codes WHERE id = $1',
      [h.resources.qr],
    );
    const domainId = domain.rows[0]?.domain_id;
    const ids: string[] = [];
    for (const slug of ['table-1', 'table-2', 'table-3']) {
      const { rows } = await h.deps.pool.query<{ id: string }>(
        `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/menu') RETURNING id`,
        [h.workspaceId, domainId, slug],
      );
      ids.push(rows[0]?.id ?? '');
    }
    const start = await post(`/api/workspaces/${h.workspaceId}/qr-exports`, {
      qr_code_ids: [ids[0], ids[2]],
      format: 'svg',
      size_mm: 30,
    });
    expect(start.status).toBe(202);
    const id = ((await start.json()) as { data: { id: string } }).data.id;
    await runQrBatchExport(
      { pool: h.deps.pool, store: h.deps.artifacts, addressOf: h.deps.addressOf },
      h.workspaceId,
      id,
    );
    const download = await h.app.request(`/api/workspaces/${h.workspaceId}/qr-exports/${id}/download`, {
      headers: { Authorization: `Bearer ${h.session}` },
    });
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(['manifest.csv', 'table-1.svg', 'table-3.svg']);
  });
});
