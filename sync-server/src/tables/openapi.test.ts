import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../testing/v1-kit';
import { OPERATIONS } from './operations';

/**
 * The OpenAPI document validates (OpenAPI 3.1, @readme/openapi-parser), and a contract walk over
 * every documented operation proves each answers as documented: the documented success status and
 * media type, a body matching the documented schema, 401 without a key and 403 with a key lacking
 * the documented scope — both documented too.
 */
type Json = Record<string, unknown>;
type OperationDoc = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; example?: string }>;
  tags: string[];
  'x-required-scope': string;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  requestBody?: { content: Record<string, { example?: unknown } | undefined> };
};
type Doc = {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationDoc>>;
};

let kit: V1Kit;
let key: string;
let doc: Doc;
let artifactDir: string;

beforeAll(async () => {
  artifactDir = await mkdtemp(join(tmpdir(), 'linkhub-openapi-'));
  kit = await startV1Kit({ artifacts: createLocalArtifactStore(artifactDir) });
  key = await kit.key([...ALL_SCOPES, 'webhooks:read', 'webhooks:write']);
  const res = await kit.api('GET', '/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(async () => {
  await kit.stop();
  await rm(artifactDir, { recursive: true, force: true });
});

const tinyPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );

async function createFixture(tag: string): Promise<string> {
  const bodies: Record<string, [string, Json]> = {
    links: ['/v1/links', { destination_url: 'https://example.com/contract' }],
    'qr-codes': ['/v1/qr-codes', { destination_url: 'https://example.com/contract-qr' }],
    'brand-kits': [
      '/v1/brand-kits',
      { name: `Contract ${Math.random().toString(36).slice(2, 8)}`, design: {} },
    ],
    folders: ['/v1/folders', { name: `Contract ${Math.random().toString(36).slice(2, 8)}` }],
    'utm-presets': [
      '/v1/utm-presets',
      { name: `Contract ${Math.random().toString(36).slice(2, 8)}`, utm: { source: 'contract' } },
    ],
    pages: [
      '/v1/pages',
      {
        handle: `contract-${Math.random().toString(36).slice(2, 8)}`,
        title: 'Contract',
        blocks: [{ type: 'text', text: 'hi' }],
      },
    ],
    domains: ['/v1/domains', { hostname: `c${Math.random().toString(36).slice(2, 8)}.example.org` }],
    webhooks: [
      '/v1/webhooks',
      { kind: 'webhook', url: 'https://example.com/contract-hook', events: ['link.created'] },
    ],
  };
  if (tag === 'assets') {
    const res = await kit.app.request('/v1/assets', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/png' },
      body: await tinyPng(),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  }
  const entry = bodies[tag];
  if (!entry) throw new Error(`no fixture for ${tag}`);
  const res = await kit.api('POST', entry[0], { key, body: entry[1] });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document covering every /v1 resource route', async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /v1/links',
        'GET /v1/links',
        'GET /v1/links/{id}',
        'PATCH /v1/links/{id}',
        'DELETE /v1/links/{id}',
        'POST /v1/qr-codes',
        'GET /v1/qr-codes/{id}/render',
        'POST /v1/pages',
        'POST /v1/pages/{id}/publish',
        'GET /v1/domains',
      ]),
    );
  });

  it('serves an interactive reference at /v1/docs that loads the document from this server', async () => {
    const res = await kit.api('GET', '/v1/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("fetch('openapi.json')");
    expect(html).not.toMatch(/https?:\/\/(?!example)/);
  });

  it('every documented operation answers as documented', async () => {
    const deref = (await dereference(structuredClone(doc))) as Doc;
    const noScope = await kit.key(['workspace:read']);
    const walk = Object.entries(deref.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
      // Deletes last, so the other operations still find their fixtures.
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    expect(walk.length).toBe(OPERATIONS.length);
    const fixtures = new Map<string, string>();
    for (const { path, method, op } of walk) {
      const tag = op.tags[0] ?? '';
      // Walked with their fixtures (a Pro link, a click id, states) by resources/experiments/openapi.test.ts.
      if (tag === 'experiments' || tag === 'conversions') continue;
      let id = fixtures.get(tag);
      if (path.includes('{id}') && id === undefined) {
        id = await createFixture(tag);
        fixtures.set(tag, id);
      }
      const query = new URLSearchParams();
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && p.required) query.set(p.name, p.example ?? '');
      // A delivery to replay: the fixture endpoint's test event.
      let deliveryId = '';
      if (path.includes('{delivery_id}')) {
        const sent = await kit.api('POST', `/v1/webhooks/${id ?? ''}/test`, { key });
        deliveryId = ((await sent.json()) as { data: { delivery_id: string } }).data.delivery_id;
      }
      const resolved = path.replace('{id}', id ?? '').replace('{delivery_id}', deliveryId);
      const target = `${resolved}${query.size > 0 ? `?${query.toString()}` : ''}`;
      const example = op.requestBody?.content['application/json']?.example;
      // A body naming existing codes (the print sheet): the documented shape, with this run's code.
      let body = example;
      if (typeof example === 'object' && example !== null && 'qr_code_ids' in example) {
        const qrId = fixtures.get(tag) ?? (await createFixture(tag));
        fixtures.set(tag, qrId);
        body = { ...example, qr_code_ids: [qrId] };
      }
      // A body naming existing links (a move into a folder): the documented shape, with this run's link.
      if (typeof example === 'object' && example !== null && 'link_ids' in example) {
        const linkId = fixtures.get(tag) ?? (await createFixture(tag));
        fixtures.set(tag, linkId);
        body = { ...example, link_ids: [linkId] };
      }
      // An upload (binary body) is tried with a real file of its first documented media type.
      const upload = op.requestBody?.content['image/png'] === undefined ? undefined : await tinyPng();
      const label = `${method.toUpperCase()} ${path}`;
      expect(
        op.requestBody === undefined || body !== undefined || upload !== undefined,
        `${label} documents an example body`,
      ).toBe(true);

      const res = upload
        ? await kit.app.request(target, {
            method: 'POST',
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/png' },
            body: upload,
          })
        : await kit.api(method.toUpperCase(), target, { key, ...(body === undefined ? {} : { body }) });
      const [success, documented] = Object.entries(op.responses).find(([s]) => s.startsWith('2')) ?? ['', {}];
      expect(
        String(res.status),
        `${label}: ${await res
          .clone()
          .text()
          .then((t) => t.slice(0, 300))}`,
      ).toBe(success);
      const type = (res.headers.get('Content-Type') ?? '').split(';')[0] ?? '';
      const media = documented.content?.[type];
      expect(media, `${label} documents ${type}`).toBeDefined();
      if (type === 'application/json' && media?.schema) {
        const schema = z.fromJSONSchema(media.schema as never);
        const parsed = schema.safeParse(await res.json());
        expect(
          parsed.success,
          `${label}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`,
        ).toBe(true);
      }

      const anonymous = await kit.api(method.toUpperCase(), target, body === undefined ? {} : { body });
      expect(anonymous.status, label).toBe(401);
      expect(op.responses['401'], label).toBeDefined();
      const scoped = await kit.api(method.toUpperCase(), target, {
        key: noScope,
        ...(body === undefined ? {} : { body }),
      });
      expect(scoped.status, label).toBe(403);
      expect(((await scoped.json()) as { error: { code: string } }).error.code, label).toBe(
        'insufficient_scope',
      );
      expect(op.responses['403'], label).toBeDefined();
      expect(op['x-required-scope'], label).toMatch(/^[a-z]+:(read|write)$/);
    }
    // Every operation three times over (key, anonymous, no scope): well past the default on a busy machine.
  }, 120_000);
});
