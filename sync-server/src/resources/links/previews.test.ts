import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import type { Link } from '@linkhub/shared/schemas/links';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/** `social_preview`, `ios_url` and `android_url` on a link (D-625): REST in and out, the payload, refusals. */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => kit.stop());

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const payloadOf = async (slug: string) => {
  const raw = await kit.deps.redis.get(
    redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug),
  );
  return raw === null ? null : parseRedirectPayload(raw);
};

describe('/v1/links social previews and app links', () => {
  it('creates a link with a card and app links, returns them, and puts them in the redirect payload', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://www.instagram.com/acme/',
        slug: 'carded',
        social_preview: { title: 'Acme on Instagram', description: 'New drops every Friday.' },
        ios_url: 'instagram://user?username=acme',
        android_url: 'https://www.instagram.com/_u/acme/',
      },
    });
    expect(created.status).toBe(201);
    const link = (await json<Envelope<Link>>(created)).data;
    expect(link).toMatchObject({
      social_preview: { title: 'Acme on Instagram', description: 'New drops every Friday.', image_url: null },
      ios_url: 'instagram://user?username=acme',
      android_url: 'https://www.instagram.com/_u/acme/',
    });
    // The card leaves its image empty: the destination's own og:image is looked for after commit.
    const jobs = await kit.deps.jobs
      .queue('link-preview-fetch')
      .getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.map((job) => job.data)).toContainEqual({
      link_id: link.id,
      destination_url: 'https://www.instagram.com/acme/',
    });
    const payload = await payloadOf('carded');
    expect(payload?.social_preview).toEqual(link.social_preview);
    expect(payload?.app_urls).toEqual({
      ios: 'instagram://user?username=acme',
      android: 'https://www.instagram.com/_u/acme/',
    });
  });

  it('updates, clears field by field, and leaves a link without any of them with none in the payload', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/a', slug: 'plain-one' },
    });
    const link = (await json<Envelope<Link>>(created)).data;
    expect(link).toMatchObject({ social_preview: null, ios_url: null, android_url: null });
    const plain = await payloadOf('plain-one');
    expect(plain).not.toHaveProperty('social_preview');
    expect(plain).not.toHaveProperty('app_urls');

    const patched = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: {
        social_preview: { image_url: '/_img/0123456789abcdef0123456789abcdef.jpg', title: 'A' },
        ios_url: 'spotify://album/1',
      },
    });
    expect(patched.status).toBe(200);
    expect((await json<Envelope<Link>>(patched)).data).toMatchObject({
      social_preview: {
        title: 'A',
        description: null,
        image_url: '/_img/0123456789abcdef0123456789abcdef.jpg',
      },
      ios_url: 'spotify://album/1',
      android_url: null,
    });
    const cleared = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: { social_preview: { title: '', image_url: null }, ios_url: null },
    });
    expect((await json<Envelope<Link>>(cleared)).data).toMatchObject({ social_preview: null, ios_url: null });
    const after = await payloadOf('plain-one');
    expect(after).not.toHaveProperty('social_preview');
    expect(after).not.toHaveProperty('app_urls');
  });

  it.each([
    ['ios_url', 'javascript:alert(1)'],
    ['ios_url', 'data:text/html,<script>alert(1)</script>'],
    ['android_url', 'intent://scan/#Intent;scheme=zxing;end'],
    ['android_url', 'http://www.instagram.com/acme'],
    ['ios_url', 'instagram:'],
    ['ios_url', 'https://user:pw@example.com/'],
  ])('refuses %s %s with a 400 naming the field, writing nothing', async (field, value) => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/x', slug: 'refused-app', [field]: value },
    });
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error.details.map((d) => d.field)).toContain(field);
    expect((await kit.deps.pool.query(`SELECT 1 FROM links WHERE slug = 'refused-app'`)).rows).toHaveLength(
      0,
    );
  });

  it('refuses an https app link to a private address like any destination (422)', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/x',
        slug: 'private-app',
        ios_url: 'https://127.0.0.1/app',
      },
    });
    expect(res.status).toBe(422);
    expect((await json<ErrorBody>(res)).error.details[0]).toMatchObject({
      field: 'ios_url',
      issue: 'destination_unsafe',
    });
  });

  it.each([
    [{ image_url: 'http://example.com/a.jpg' }],
    [{ image_url: '/_img/../../etc/passwd' }],
    [{ title: 'x'.repeat(121) }],
    [{ description: 'x'.repeat(301) }],
    [{ title: 'ok', colour: 'red' }],
  ])('refuses a malformed social_preview %j with a 400', async (preview) => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/x', social_preview: preview },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details.some((d) => d.field.startsWith('social_preview'))).toBe(
      true,
    );
  });
});
