import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '@linkhub/shared/schemas/links';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../testing/v1-kit';

/**
 * Hostile and malformed input against every writing route: never a 5xx, always the one envelope,
 * nothing written (row counts of every content table unchanged).
 */
let kit: V1Kit;
let key: string;
let linkId: string;
const TABLES = [
  'links',
  'link_versions',
  'qr_codes',
  'qr_slug_reservations',
  'bio_pages',
  'bio_blocks',
  'custom_domains',
  'audit_log_entries',
  'idempotency_keys',
];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/links', {
    key,
    body: { destination_url: 'https://example.com/seed', slug: 'seed' },
  });
  linkId = ((await res.json()) as Envelope<Link>).data.id;
});
afterAll(async () => {
  await kit.stop();
});

type Case = {
  name: string;
  method: string;
  path: string;
  raw?: string;
  body?: unknown;
  status: number;
  fields?: string[];
  code?: string;
  headers?: Record<string, string>;
};

const url = (u: string) => ({ destination_url: u });
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

const CASES: Case[] = [
  {
    name: 'malformed JSON (links)',
    method: 'POST',
    path: '/v1/links',
    raw: '{"destination_url":',
    status: 400,
    fields: ['body'],
  },
  {
    name: 'malformed JSON (qr)',
    method: 'POST',
    path: '/v1/qr-codes',
    raw: '{oops}',
    status: 400,
    fields: ['body'],
  },
  {
    name: 'malformed JSON (pages)',
    method: 'POST',
    path: '/v1/pages',
    raw: "{'handle': 'x'}",
    status: 400,
    fields: ['body'],
  },
  {
    name: 'malformed JSON (patch)',
    method: 'PATCH',
    path: '/v1/links/{link}',
    raw: '{"title": "x",}',
    status: 400,
    fields: ['body'],
  },
  { name: 'JSON array body', method: 'POST', path: '/v1/links', raw: '[]', status: 400 },
  { name: 'JSON null body', method: 'POST', path: '/v1/links', raw: 'null', status: 400 },
  {
    name: 'JSON string body',
    method: 'POST',
    path: '/v1/qr-codes',
    raw: '"https://example.com"',
    status: 400,
  },
  {
    name: 'empty body',
    method: 'POST',
    path: '/v1/links',
    raw: '',
    status: 400,
    fields: ['destination_url'],
  },
  {
    name: 'wrong types, one detail per field',
    method: 'POST',
    path: '/v1/links',
    body: { destination_url: 42, tags: 'x', title: [] },
    status: 400,
    fields: ['destination_url', 'title', 'tags'],
  },
  {
    name: 'wrong nested type',
    method: 'POST',
    path: '/v1/links',
    body: { destination_url: 'https://example.com/', utm: { source: { $gt: '' } } },
    status: 400,
    fields: ['utm.source'],
  },
  {
    name: 'unknown field',
    method: 'POST',
    path: '/v1/links',
    body: { destination_url: 'https://example.com/', workspace_id: '0190c3c4-0000-7000-8000-0000000000ff' },
    status: 400,
    fields: ['workspace_id'],
  },
  {
    name: 'unknown field (qr)',
    method: 'POST',
    path: '/v1/qr-codes',
    body: { destination_url: 'https://example.com/', admin: true },
    status: 400,
    fields: ['admin'],
  },
  {
    name: 'unknown field (page)',
    method: 'POST',
    path: '/v1/pages',
    body: { handle: 'h', title: 't', published: true },
    status: 400,
    fields: ['published'],
  },
  { name: 'empty patch', method: 'PATCH', path: '/v1/links/{link}', body: {}, status: 400 },
  {
    name: 'huge body',
    method: 'POST',
    path: '/v1/links',
    raw: JSON.stringify({ destination_url: 'https://example.com/', title: 'x'.repeat(400_000) }),
    status: 413,
    code: 'request_too_large',
  },
  {
    name: 'huge page',
    method: 'POST',
    path: '/v1/pages',
    raw: JSON.stringify({
      handle: 'big',
      title: 't',
      blocks: Array.from({ length: 5000 }, () => ({ type: 'text', text: 'y'.repeat(100) })),
    }),
    status: 413,
  },
  ...[
    '../etc/passwd',
    'a b',
    '<script>',
    'x'.repeat(65),
    'api',
    'v1',
    'slug/with/slash',
    'ÄÖ',
    '%00',
    '',
    'café',
    'a\u0000b',
  ].map((slug): Case => ({
    name: `hostile slug ${JSON.stringify(slug).slice(0, 20)}`,
    method: 'POST',
    path: '/v1/links',
    body: { destination_url: 'https://example.com/', slug },
    status: 400,
    fields: ['slug'],
  })),
  {
    name: 'hostile handle',
    method: 'POST',
    path: '/v1/pages',
    body: { handle: '../admin', title: 't' },
    status: 400,
    fields: ['handle'],
  },
  ...[
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/',
    'ftp://example.com/',
    `https://example.com/${'a'.repeat(2100)}`,
    '//example.com',
    'example.com',
  ].map((u): Case => ({
    name: `unsafe url ${u.slice(0, 30)}`,
    method: 'POST',
    path: '/v1/links',
    body: url(u),
    status: 400,
    fields: ['destination_url'],
  })),
  ...['http://user:pw@example.com/', 'https://intranet.example.com/', 'http://app.localhost/'].map(
    (u): Case => ({
      name: `unsafe destination ${u}`,
      method: 'POST',
      path: '/v1/qr-codes',
      body: url(u),
      status: 422,
      code: 'destination_unsafe',
    }),
  ),
  ...[
    { type: 'link', title: 'Intranet', url: 'https://intranet.example.com/' },
    { type: 'social', links: [{ network: 'instagram', url: 'https://meta.example.com/x' }] },
  ].map((block): Case => ({
    name: `unsafe destination in a ${block.type} block`,
    method: 'POST',
    path: '/v1/pages',
    body: { handle: `unsafe-${block.type}`, title: 'Unsafe', blocks: [block] },
    status: 422,
    code: 'destination_unsafe',
  })),
  {
    name: 'unsafe destination on update',
    method: 'PATCH',
    path: '/v1/links/{link}',
    body: url('https://meta.example.com/'),
    status: 422,
    code: 'destination_unsafe',
  },
  ...[
    'abc!',
    b64('garbage'),
    b64({ t: 'x', id: 'y' }),
    b64({ t: '2026-01-01T00:00:00Z', id: 'not-uuid' }),
    b64([1, 2]),
    'A'.repeat(600),
  ].map((cursor): Case => ({
    name: `bad cursor ${cursor.slice(0, 12)}`,
    method: 'GET',
    path: `/v1/links?cursor=${encodeURIComponent(cursor)}`,
    status: 400,
    fields: ['cursor'],
  })),
  ...['0', '-1', '101', 'abc', '1.5', '1e9'].map((limit): Case => ({
    name: `bad limit ${limit}`,
    method: 'GET',
    path: `/v1/qr-codes?limit=${limit}`,
    status: 400,
    fields: ['limit'],
  })),
  {
    name: 'bad status filter',
    method: 'GET',
    path: '/v1/links?status=deleted',
    status: 400,
    fields: ['status'],
  },
  { name: 'non-uuid id', method: 'GET', path: '/v1/links/not-a-uuid', status: 404 },
  { name: 'non-uuid id (delete)', method: 'DELETE', path: '/v1/pages/%27%3B%20DROP%20TABLE', status: 404 },
  { name: 'unknown route', method: 'GET', path: '/v1/nothing-here', status: 404 },
  {
    name: 'bad idempotency key',
    method: 'POST',
    path: '/v1/links',
    body: url('https://example.com/'),
    headers: { 'Idempotency-Key': 'has space' },
    status: 400,
  },
  {
    name: 'bad render format',
    method: 'GET',
    path: '/v1/qr-codes/0190c3c4-0000-7000-8000-0000000000ff/render?format=exe',
    status: 400,
    fields: ['format'],
  },
];

async function counts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await kit.count(t)] as const)));
}

describe('bad input never 5xx, always the envelope, nothing written', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await counts();
    const res = await kit.api(c.method, c.path.replace('{link}', linkId), {
      key,
      ...(c.raw !== undefined ? { raw: c.raw } : c.body !== undefined ? { body: c.body } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
    });
    expect(res.status).toBe(c.status);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    const body = (await res.json()) as ErrorBody;
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
    expect(Array.isArray(body.error.details)).toBe(true);
    expect(body.error.request_id).toBe(res.headers.get('X-Request-Id'));
    if (c.code) expect(body.error.code).toBe(c.code);
    if (c.fields) expect(body.error.details.map((d) => d.field)).toEqual(c.fields);
    expect(await counts()).toEqual(before);
  });
});
