import { afterAll, beforeAll, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { renderSharePage } from '../../sync-server/src/resources/analytics/share-page';
import { startHarness, type Harness } from '../analytics/harness';

/**
 * The Variant breakdown names its variants ("Summer banner — https://b.example/ (Shop headline)") instead of
 * showing their ids, in the API answer, its filter chip and on a shared page; a link's split
 * destination (recorded as a variant too) reads as its share and address; an id that is not one of
 * the workspace's variants keeps its id (another workspace's names never leak).
 */
let h: Harness;
let variants: { id: string; key: string }[] = [];
const strangerVariant = '0190a000-0000-7000-8000-00000000dead';
const splitEntry = '0190a000-0000-7000-8000-0000000051a1';

beforeAll(async () => {
  h = await startHarness({ plan: 'business' });
  const created = await h.app.request('/v1/experiments', {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.session}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      workspace_id: h.workspaceId,
      resource_type: 'link',
      resource_id: h.resources.link,
      name: 'Shop headline',
      variants: [
        {
          key: 'a',
          name: 'Spring banner',
          weight: 5000,
          is_control: true,
          destination_url: 'https://a.example/',
        },
        { key: 'b', name: 'Summer banner', weight: 5000, destination_url: 'https://b.example/' },
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  variants = ((await created.json()) as { data: { variants: { id: string; key: string }[] } }).data.variants;
  const at = Date.now() - 60_000;
  const click = (variant: string | null, n: number) =>
    testEvent(
      {
        workspace_id: h.workspaceId,
        resource_id: h.resources.link,
        resource_type: 'link',
        event_type: 'click',
        occurred_at: new Date(at - n * 1000).toISOString(),
        variant_id: variant,
      },
      `v${n}`,
    );
  const [a, b] = variants;
  // A second link that splits its traffic: its entries' ids are recorded as the variant.
  await h.deps.pool.query(`UPDATE links SET destinations = $2::jsonb WHERE id = $1`, [
    h.resources.link,
    JSON.stringify([
      { id: '0190a000-0000-7000-8000-0000000051a0', url: 'https://a.example/', weight: 60 },
      { id: splitEntry, url: 'https://split.example/x', weight: 40 },
    ]),
  ]);
  await h.xadd([
    click(a?.id ?? null, 1),
    click(b?.id ?? null, 2),
    click(b?.id ?? null, 3),
    click(strangerVariant, 4),
    click(null, 5),
    click(splitEntry, 6),
  ]);
  await h.drain();
}, 60_000);
afterAll(async () => h?.stop());

it('names each variant of the workspace, and only those', async () => {
  const res = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=7d');
  expect(res.status).toBe(200);
  const [a, b] = variants;
  expect(res.body.data.value_names?.variant).toEqual({
    [a?.id ?? '']: 'Spring banner — original (Shop headline)',
    [b?.id ?? '']: 'Summer banner — https://b.example/ (Shop headline)',
    [splitEntry]: expect.stringMatching(/^Split 40% → https:\/\/split\.example\/x \(/),
  });
  expect(res.body.data.breakdowns.variant.map((r) => r.value).sort()).toEqual(
    [a?.id, b?.id, strangerVariant, splitEntry, null].sort(),
  );
  const html = renderSharePage(
    res.body.data,
    {},
    { title: 'Shop', subtitle: 'Link', locale: 'en', periodLinks: [] },
  );
  expect(html).toContain('Summer banner — https://b.example/ (Shop headline)');
  expect(html).toContain('Not in a test');
});

it('names the variant a view is filtered by, for its chip', async () => {
  const b = variants[1]?.id ?? '';
  const res = await h.get<{ data: DashboardData }>(`/v1/analytics/dashboard?period=7d&variant=${b}`);
  expect(res.status).toBe(200);
  expect(res.body.data.totals.clicks).toBe(2);
  expect(res.body.data.value_names?.variant?.[b]).toBe('Summer banner — https://b.example/ (Shop headline)');
});
