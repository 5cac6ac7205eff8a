import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../testing/v1-kit';

/** Conditional writes (D-500): GET gives an ETag; a PATCH with a stale If-Match is 412 naming what changed. */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('ETag and If-Match on /v1 single resources', () => {
  it('a link: a stale If-Match answers 412 stale_write naming the fields changed since, and changes nothing', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/a', title: 'First' },
    });
    const { id } = (await json<Envelope<{ id: string }>>(created)).data;
    const read = await kit.api('GET', `/v1/links/${id}`, { key });
    const tag = read.headers.get('ETag');
    expect(tag).toMatch(/^W\/"\d+"$/);

    // Someone else changes the title and the destination.
    const other = await kit.api('PATCH', `/v1/links/${id}`, {
      key,
      body: { title: 'Theirs', destination_url: 'https://example.com/b' },
    });
    expect(other.status).toBe(200);
    const fresh = other.headers.get('ETag');
    expect(fresh).not.toBe(tag);

    const stale = await kit.api('PATCH', `/v1/links/${id}`, {
      key,
      body: { title: 'Mine' },
      headers: { 'If-Match': tag ?? '' },
    });
    expect(stale.status).toBe(412);
    const body = await json<ErrorBody>(stale);
    expect(body.error.code).toBe('stale_write');
    const fields = body.error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'destination_url', 'If-Match']));
    expect(fields).not.toContain('tags');
    expect(body.error.details).toContainEqual(
      expect.objectContaining({ field: 'If-Match', current_etag: fresh }),
    );
    expect((await kit.deps.pool.query('SELECT title FROM links WHERE id = $1', [id])).rows).toEqual([
      { title: 'Theirs' },
    ]);

    // The current ETag applies; no If-Match is last write wins as before.
    const current = await kit.api('PATCH', `/v1/links/${id}`, {
      key,
      body: { title: 'Mine' },
      headers: { 'If-Match': fresh ?? '' },
    });
    expect(current.status).toBe(200);
    const plain = await kit.api('PATCH', `/v1/links/${id}`, { key, body: { title: 'Plain' } });
    expect(plain.status).toBe(200);
  });

  it('a page: a stale If-Match names the page fields changed since', async () => {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'etag-page', title: 'Start' },
    });
    expect(created.status).toBe(201);
    const { id } = (await json<Envelope<{ id: string }>>(created)).data;
    // An edit stores the draft's snapshot under its revision: what a later 412 diffs against.
    expect((await kit.api('PATCH', `/v1/pages/${id}`, { key, body: { title: 'Second' } })).status).toBe(200);
    const tag = (await kit.api('GET', `/v1/pages/${id}`, { key })).headers.get('ETag');
    expect(tag).toMatch(/^W\/"\d+"$/);
    expect((await kit.api('PATCH', `/v1/pages/${id}`, { key, body: { bio: 'Theirs' } })).status).toBe(200);
    const stale = await kit.api('PATCH', `/v1/pages/${id}`, {
      key,
      body: { title: 'Mine' },
      headers: { 'If-Match': tag ?? '' },
    });
    expect(stale.status).toBe(412);
    const body = await json<ErrorBody>(stale);
    expect(body.error.details.map((d) => d.field)).toEqual(['bio', 'If-Match']);
  });

  it('a malformed If-Match is a validation error, not a server error', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/m' },
    });
    const { id } = (await json<Envelope<{ id: string }>>(created)).data;
    const res = await kit.api('PATCH', `/v1/links/${id}`, {
      key,
      body: { title: 'x' },
      headers: { 'If-Match': 'nonsense' },
    });
    expect(res.status).toBe(400);
  });

  it('the OpenAPI document lists the ETag, the If-Match header and the 412 answer', async () => {
    const doc = await json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: Array<{ name: string }>;
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    }>(await kit.api('GET', '/v1/openapi.json'));
    const item = doc.paths['/v1/links/{id}'];
    expect(item?.patch?.parameters.map((p) => p.name)).toContain('If-Match');
    expect(Object.keys(item?.patch?.responses ?? {})).toContain('412');
    expect(Object.keys(item?.get?.responses['200']?.headers ?? {})).toContain('ETag');
  });
});
