import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { startHarness, type Harness } from './harness';

type Row = { value: string | null; label?: string | null; clicks: number; page_views: number };

/** D-607: a bio link's clicks (the hop's `block_id`) through the stream, the ingest and the rollups, by block. */
describe('clicks per block of a bio page', () => {
  let h: Harness;
  let sale: string;
  let menu: string;
  beforeAll(async () => {
    h = await startHarness({ plan: 'business' });
    const { page } = h.resources;
    const block = async (type: string, data: object, position: string) => {
      const res = await h.deps.pool.query<{ id: string }>(
        `INSERT INTO bio_blocks (page_id, workspace_id, position, type, data) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [page, h.workspaceId, position, type, JSON.stringify(data)],
      );
      const id = res.rows[0]?.id;
      if (id === undefined) throw new Error('no block');
      return id;
    };
    sale = await block('link', { title: 'Winter sale', url: 'https://shop.example/sale' }, 'a0');
    menu = await block(
      'link',
      { title: 'Menu', url: 'https://shop.example/menu', visible_until: null },
      'a1',
    );
    const now = new Date(Date.now() - 60_000).toISOString();
    const click = (blockId: string, visitor: string) =>
      testEvent(
        {
          workspace_id: h.workspaceId,
          resource_id: page,
          resource_type: 'bio_page',
          event_type: 'click',
          block_id: blockId,
          occurred_at: now,
        },
        visitor,
      );
    await h.xadd([
      testEvent(
        {
          workspace_id: h.workspaceId,
          resource_id: page,
          resource_type: 'bio_page',
          event_type: 'page_view',
          occurred_at: now,
        },
        'A',
      ),
      click(sale, 'A'),
      click(sale, 'B'),
      click(sale, 'C'),
      click(menu, 'A'),
    ]);
    expect(await h.drain()).toBe(5);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('counts each block’s clicks under its page and names the block', async () => {
    const res = await h.get<{ data: Row[] }>(
      `/v1/analytics/breakdown?dimension=block&event_type=click&resource_id=${h.resources.page}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => [r.value, r.label, r.clicks])).toEqual([
      [sale, 'Winter sale', 3],
      [menu, 'Menu', 1],
    ]);
    const totals = await h.get<{ data: { clicks: number; page_views: number } }>(
      `/v1/analytics/totals?resource_id=${h.resources.page}`,
      'key',
    );
    expect(totals.body.data).toMatchObject({ clicks: 4, page_views: 1 });
  });

  it('keeps a removed block’s name and leaves other dimensions unlabelled', async () => {
    await h.deps.pool.query('UPDATE bio_blocks SET deleted_at = now() WHERE id = $1', [menu]);
    const res = await h.get<{ data: Row[] }>(
      `/v1/analytics/breakdown?dimension=block&resource_id=${h.resources.page}`,
      'key',
    );
    expect(res.body.data.find((r) => r.value === menu)?.label).toBe('Menu');
    const country = await h.get<{ data: Row[] }>('/v1/analytics/breakdown?dimension=country');
    expect(country.body.data.every((r) => r.label === undefined)).toBe(true);
  });
});
