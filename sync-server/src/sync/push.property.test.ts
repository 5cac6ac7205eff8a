import { fc, test } from '@fast-check/vitest';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { startV1Kit, type V1Kit } from '../testing/v1-kit';

/**
 * Every mutator through a real push with arbitrary args: never a 5xx, always 200 with the
 * mutation either applied or refused with a notice; a refusal changes no row; last_mutation_id always
 * advances; and the next valid mutation of the same client still applies.
 */
let kit: V1Kit;
let ws: string;
const known = { link: randomUUID(), page: randomUUID(), block: randomUUID(), qr: randomUUID() };
const clientGroupID = `cg-${randomUUID()}`;
const clientID = `c-${randomUUID()}`;
let next = 1;

async function push(name: string, args: unknown): Promise<number> {
  const res = await kit.call('POST', '/replicache/push', {
    token: kit.owner.token,
    body: {
      pushVersion: 1,
      clientGroupID,
      profileID: 'p',
      schemaVersion: '',
      mutations: [{ clientID, id: next++, name, args, timestamp: 0 }],
    },
  });
  return res.status;
}

const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
  (await kit.deps.pool.query(text, values)).rows as R[];

/** Every row a mutation of this workspace could touch, as one digest. */
const FINGERPRINT = `SELECT md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS digest FROM (
  SELECT to_jsonb(t)::text AS r FROM links t WHERE workspace_id = $1
  UNION ALL SELECT to_jsonb(t)::text FROM qr_codes t WHERE workspace_id = $1
  UNION ALL SELECT to_jsonb(t)::text FROM bio_pages t WHERE workspace_id = $1
  UNION ALL SELECT to_jsonb(t)::text FROM bio_blocks t WHERE workspace_id = $1
  UNION ALL SELECT to_jsonb(t)::text FROM custom_domains t WHERE workspace_id = $1
  UNION ALL SELECT to_jsonb(t)::text FROM workspaces t WHERE id = $1) rows`;
const fingerprint = async () => (await sql<{ digest: string }>(FINGERPRINT, [ws]))[0]?.digest;
const lastMutationId = async () =>
  Number(
    (
      await sql<{ last_mutation_id: string }>(
        'SELECT last_mutation_id FROM replicache_clients WHERE id = $1',
        [clientID],
      )
    )[0]?.last_mutation_id ?? 0,
  );
const noticeFor = async (mutationId: number) =>
  (await sql('SELECT 1 FROM sync_notices WHERE client_id = $1 AND mutation_id = $2', [clientID, mutationId]))
    .length > 0;

beforeAll(async () => {
  kit = await startV1Kit();
  ws = kit.owner.workspaceId;
  await kit.deps.pool.query('UPDATE users SET email_verified_at = now()');
  const seed: Array<[string, unknown]> = [
    [
      'createLink',
      { id: known.link, workspace_id: ws, destination_url: 'https://example.com/p', slug: 'prop-link' },
    ],
    [
      'createQrCode',
      { id: known.qr, workspace_id: ws, destination_url: 'https://example.com/q', slug: 'prop-qr' },
    ],
    ['createPage', { id: known.page, workspace_id: ws, handle: 'prop-page', title: 'Prop' }],
    [
      'addBlock',
      {
        id: known.block,
        page_id: known.page,
        workspace_id: ws,
        type: 'header',
        data: { text: 'Hi' },
        position: 'a0',
      },
    ],
  ];
  for (const [name, args] of seed) expect(await push(name, args)).toBe(200);
  expect(await sql('SELECT 1 FROM sync_notices WHERE client_id = $1', [clientID])).toEqual([]);
});
afterAll(async () => kit.stop());

const FIELDS = [
  'destination_url',
  'slug',
  'title',
  'tags',
  'utm',
  'rules',
  'destinations',
  'starts_at',
  'expires_at',
  'design',
  'theme',
  'branding',
  'holding_page',
  'name',
  'time_zone',
  'data',
  'type',
  'position',
  'handle',
  'bio',
  'hostname',
  'purpose',
  'version',
  'preview',
  'is_visible',
  'domain_id',
] as const;

const awkward = fc.constantFrom<unknown>(
  'https://аpple.com/',
  'https://ja.wikipedia.org/wiki/東京',
  'a\u0000b',
  '2030-06-01T00:00:00.000Z',
  '1999-01-01T00:00:00Z',
  'x'.repeat(5000),
  '#GGGGGG',
  -1,
  1e308,
  [],
  {},
  null,
  [{ url: 'https://example.com/a', weight: 100 }],
  [
    { id: 'not-a-uuid', url: 'https://example.com/a', weight: 50 },
    { url: 'https://example.com/b', weight: 50 },
  ],
  [{ conditions: [{ kind: 'language', values: ['fr'] }], destination_url: 'https://example.com/fr' }],
  { fgColor: '#ffffff', bgColor: '#ffffff' },
  { frame: { label: 'SCAN', shadow: true } },
);

/** Args close to valid: the right ids and workspace, with arbitrary or awkward field values. */
const nearValid = fc
  .record({
    id: fc.constantFrom(known.link, known.qr, known.page, known.block, randomUUID()),
    page_id: fc.constantFrom(known.page, randomUUID()),
    /** Filled in by the test (the generator is built before the workspace exists): own, or another tenant's. */
    workspace_id: fc.constantFrom('own', 'own', 'own', 'other'),
    fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(awkward, fc.jsonValue({ maxDepth: 3 })), {
      maxKeys: 4,
    }),
  })
  .map(({ fields, ...ref }) => ({ ...ref, ...fields }));

const mutation = fc.record({
  name: fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...MUTATOR_NAMES) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
  ),
  args: fc.oneof(
    { weight: 3, arbitrary: nearValid },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  ),
});

test.prop([mutation, fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '')])(
  'every mutator through a real push: applied or refused with a notice, never a 5xx, and sync goes on',
  async ({ name, args }, newName) => {
    const withWorkspace =
      typeof args === 'object' &&
      args !== null &&
      'workspace_id' in args &&
      (args.workspace_id === 'own' || args.workspace_id === 'other')
        ? { ...args, workspace_id: args.workspace_id === 'own' ? ws : kit.other.workspaceId }
        : args;
    const before = await fingerprint();
    const lmid = await lastMutationId();
    expect(await push(name, withWorkspace)).toBe(200);
    expect(await lastMutationId()).toBe(lmid + 1);
    if (await noticeFor(lmid + 1)) expect(await fingerprint()).toBe(before);

    expect(await push('updateWorkspaceSettings', { workspace_id: ws, name: newName })).toBe(200);
    expect(await lastMutationId()).toBe(lmid + 2);
    const [row] = await sql<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [ws]);
    expect(row?.name).toBe(newName.trim());
  },
  // Each run is two real pushes; `npm run fuzz` bounds the property at 60 s.
  90_000,
);
