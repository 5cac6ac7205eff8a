import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { ALL_SCOPES, startV1Kit, type V1Kit } from '../../testing/v1-kit';

/**
 * The doors this change opened (D-620, D-623): /v1/folders, /v1/utm-presets, /v1/links/move and the
 * new link fields (folder_id, note, utm_preset_id), with random methods, ids, queries and near-valid
 * JSON bodies, by API key and by session. Never a 5xx, always the one envelope on a refusal, and a
 * refusal changes no folder, preset or link.
 */
let kit: V1Kit;
let key = '';
let folderId = '';
let childId = '';
let linkId = '';
let presetId = '';

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const made = async (path: string, body: unknown) => {
    const res = await kit.api('POST', path, { key, body });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  folderId = await made('/v1/folders', { name: 'Keep' });
  childId = await made('/v1/folders', { name: 'Child', parent_id: folderId });
  linkId = await made('/v1/links', { destination_url: 'https://example.com/keep', folder_id: folderId });
  presetId = await made('/v1/utm-presets', { name: 'Keep', utm: { source: 'keep' } });
});
afterAll(async () => kit.stop());

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 1990, maxLength: 2100 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom('own-folder', 'own-child', 'own-link', 'own-preset', 'none', '', '\u202e', 'a\u0000b'),
);
const own = (value: unknown): unknown =>
  value === 'own-folder'
    ? folderId
    : value === 'own-child'
      ? childId
      : value === 'own-link'
        ? linkId
        : value === 'own-preset'
          ? presetId
          : value;
const body = fc.oneof(
  fc.record(
    {
      name: scalar,
      parent_id: scalar,
      folder_id: scalar,
      note: scalar,
      utm_preset_id: scalar,
      destination_url: fc.constantFrom('https://example.com/p', 'javascript:alert(1)', 'http://127.0.0.1/'),
      utm: fc.oneof(
        fc.dictionary(fc.constantFrom('source', 'medium', 'campaign', 'utm_source'), scalar),
        scalar,
      ),
      link_ids: fc.oneof(fc.array(scalar, { maxLength: 3 }), scalar),
      workspace_id: scalar,
      nested: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 2 }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const route = fc.constantFrom(
  'GET /v1/folders',
  'POST /v1/folders',
  'GET /v1/folders/{id}',
  'PATCH /v1/folders/{id}',
  'DELETE /v1/folders/{id}',
  'GET /v1/utm-presets',
  'POST /v1/utm-presets',
  'PATCH /v1/utm-presets/{id}',
  'DELETE /v1/utm-presets/{id}',
  'POST /v1/links/move',
  'POST /v1/links',
  'PATCH /v1/links/{id}',
  'GET /v1/links',
);
const state = async () =>
  (
    await kit.deps.pool.query<{ state: string }>(
      `SELECT (SELECT json_agg(f ORDER BY f.id) FROM (SELECT id, name, parent_id, deleted_at FROM link_folders) f)::text
           || (SELECT json_agg(p ORDER BY p.id) FROM (SELECT id, name, utm FROM utm_presets) p)::text
           || (SELECT json_agg(l ORDER BY l.id) FROM (SELECT id, folder_id, note, utm, title FROM links) l)::text AS state`,
    )
  ).rows[0]?.state;

test.prop([
  route,
  body,
  fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constantFrom('own-folder', 'own-link', 'own-preset')),
  fc.dictionary(
    fc.constantFrom('workspace_id', 'parent_id', 'folder_id', 'limit', 'cursor'),
    fc.oneof(fc.string({ maxLength: 20 }), fc.uuid(), fc.constant('none')),
    { maxKeys: 3 },
  ),
  fc.boolean(),
])(
  'any folders, presets or move request: no 5xx, the envelope on refusal, nothing changed by a refusal',
  async (r, json, id, query, bySession) => {
    const [method = 'GET', template = ''] = r.split(' ');
    const path = template.replaceAll('{id}', encodeURIComponent(String(own(id))));
    const search = new URLSearchParams(query);
    if (bySession) search.set('workspace_id', kit.owner.workspaceId);
    const sent =
      typeof json === 'object' && json !== null && !Array.isArray(json)
        ? Object.fromEntries(
            Object.entries(json).map(([k, v]) => [k, Array.isArray(v) ? v.map(own) : own(v)]),
          )
        : json;
    const before = await state();
    const res = await kit.app.request(`${path}?${search.toString()}`, {
      method,
      headers: {
        Authorization: `Bearer ${bySession ? kit.owner.token : key}`,
        'Content-Type': 'application/json',
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(sent) }),
    });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      expect(await res.json()).toMatchObject({
        error: {
          code: expect.any(String),
          message: expect.any(String),
          details: expect.any(Array),
          request_id: expect.any(String),
        },
      });
      expect(await state()).toBe(before);
    }
  },
);
