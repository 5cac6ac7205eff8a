import { describe, expect, it } from 'vitest';
import {
  buildDomainRoute,
  buildRedirectPayload,
  NothingToBuildError,
  type LinkRow,
  type QrRow,
  type WorkspaceRow,
} from './build-payload';
import { parseRedirectPayload, redirectPayloadSchema } from './payload';

const now = new Date('2026-06-01T12:00:00Z');
const workspace: WorkspaceRow = {
  id: 'ws-1',
  name: 'Acme',
  time_zone: 'Europe/Berlin',
  holding_page: {
    title: 'Back soon',
    message: 'We are updating this code.',
    background: '#ffffff',
    unknown_key: 1,
  },
  deleted_at: null,
  row_version: '3',
};
const link: LinkRow = {
  id: 'link-1',
  workspace_id: 'ws-1',
  slug: 'spring',
  destination_url: 'https://example.com/spring',
  utm: { source: 'newsletter', medium: '', campaign: 'spring' },
  rules: [
    { id: 'r1', conditions: [{ kind: 'country', values: ['FR'] }], destination_url: 'https://fr.example' },
    { id: 'bad', conditions: [{ kind: 'moon_phase' }], destination_url: 'https://x.example' },
  ],
  destinations: [{ id: 'd1', url: 'https://a.example', weight: 50 }],
  status: 'active',
  starts_at: null,
  expires_at: new Date('2026-12-31T00:00:00Z'),
  expired_destination_url: null,
  archived_at: null,
  deleted_at: null,
  locked: false,
  row_version: 7,
};
const qr: QrRow = {
  id: 'qr-1',
  workspace_id: 'ws-1',
  slug: 'menu',
  destination_url: 'https://example.com/menu',
  link_id: null,
  status: 'active',
  starts_at: null,
  expires_at: null,
  archived_at: null,
  deleted_at: null,
  locked: false,
  last_good_destination: null,
  row_version: 2,
};

describe('buildRedirectPayload', () => {
  it('builds a plain link payload from rows (strings or Dates, bigints as strings), dropping invalid jsonb items', () => {
    const p = buildRedirectPayload(
      { host: 'lnk.localhost', slug: 'spring', workspace, qr: null, link, experiment: null },
      now,
    );
    expect(redirectPayloadSchema.parse(p)).toEqual(p);
    expect(p).toMatchObject({
      resource_type: 'link',
      resource_id: 'link-1',
      is_qr: false,
      revision: 10,
      expires_at: '2026-12-31T00:00:00.000Z',
      utm: { source: 'newsletter', campaign: 'spring' },
      time_zone: 'Europe/Berlin',
      branding: {
        workspace_name: 'Acme',
        title: 'Back soon',
        message: 'We are updating this code.',
        background: '#ffffff',
        logo_url: null,
      },
    });
    expect(p.rules.map((r) => r.id)).toEqual(['r1']);
    expect(p.destinations).toHaveLength(1);
  });
  it('builds a QR payload whose last good destination is the live one while live', () => {
    const p = buildRedirectPayload(
      { host: 'lnk.localhost', slug: 'menu', workspace, qr, link: null, experiment: null },
      now,
    );
    expect(p).toMatchObject({
      is_qr: true,
      resource_type: 'qr_code',
      last_good_destination: 'https://example.com/menu',
      status: 'active',
    });
  });
  it('keeps the stored last good destination for a paused or archived QR, and follows a pinned link', () => {
    const paused = buildRedirectPayload(
      {
        host: 'lnk.localhost',
        slug: 'menu',
        workspace,
        qr: { ...qr, status: 'paused', last_good_destination: 'https://old.example' },
        link: null,
        experiment: null,
      },
      now,
    );
    expect(paused).toMatchObject({ status: 'paused', last_good_destination: 'https://old.example' });
    const archived = buildRedirectPayload(
      {
        host: 'lnk.localhost',
        slug: 'menu',
        workspace,
        qr: { ...qr, archived_at: now },
        link: null,
        experiment: null,
      },
      now,
    );
    expect(archived).toMatchObject({ status: 'archived', last_good_destination: null });
    const pinned = buildRedirectPayload(
      {
        host: 'lnk.localhost',
        slug: 'menu',
        workspace,
        qr: { ...qr, destination_url: null, link_id: 'link-1' },
        link,
        experiment: null,
      },
      now,
    );
    expect(pinned).toMatchObject({
      destination_url: 'https://example.com/spring',
      utm: { source: 'newsletter' },
      revision: 12,
    });
  });
  it('marks a deleted workspace as not serving and drops its branding', () => {
    const p = buildRedirectPayload(
      {
        host: 'lnk.localhost',
        slug: 'menu',
        workspace: { ...workspace, deleted_at: now },
        qr,
        link: null,
        experiment: null,
      },
      now,
    );
    expect(p).toMatchObject({ workspace_active: false, branding: null, last_good_destination: null });
  });
  it('includes only a running experiment, with variants that have a destination', () => {
    const experiment = {
      id: 'e1',
      status: 'running',
      variants: [
        { id: 'v1', weight: 5000, destination_url: 'https://v1.example' },
        { id: 'v2', weight: 5000, destination_url: null },
      ],
    };
    const running = buildRedirectPayload(
      { host: 'h', slug: 's', workspace, qr: null, link, experiment },
      now,
    );
    expect(running.experiment).toEqual({
      id: 'e1',
      variants: [{ id: 'v1', url: 'https://v1.example', weight: 5000 }],
    });
    const paused = buildRedirectPayload(
      { host: 'h', slug: 's', workspace, qr: null, link, experiment: { ...experiment, status: 'paused' } },
      now,
    );
    expect(paused.experiment).toBeNull();
  });
  it('carries one A/B concept: a running test leaves the split out; without one the split serves', () => {
    const experiment = {
      id: 'e1',
      status: 'running',
      variants: [
        { id: 'v1', weight: 5000, destination_url: 'https://v1.example' },
        { id: 'v2', weight: 5000, destination_url: 'https://v2.example' },
      ],
    };
    const running = buildRedirectPayload(
      { host: 'h', slug: 's', workspace, qr: null, link, experiment },
      now,
    );
    expect(running.experiment?.id).toBe('e1');
    expect(running.destinations).toEqual([]);
    const ended = buildRedirectPayload(
      { host: 'h', slug: 's', workspace, qr: null, link, experiment: { ...experiment, status: 'concluded' } },
      now,
    );
    expect(ended.experiment).toBeNull();
    expect(ended.destinations).toEqual([{ id: 'd1', url: 'https://a.example', weight: 50 }]);
  });
  it('refuses to build from nothing', () => {
    expect(() =>
      buildRedirectPayload({ host: 'h', slug: 's', workspace, qr: null, link: null, experiment: null }),
    ).toThrow(NothingToBuildError);
  });
});

describe('buildDomainRoute', () => {
  it('maps a custom_domains row', () => {
    expect(
      buildDomainRoute({ id: 'd1', workspace_id: null, is_system: true, purpose: 'links' }, null),
    ).toEqual({
      v: 1,
      domain_id: 'd1',
      workspace_id: null,
      is_system: true,
      purpose: 'links',
      root_handle: null,
      branding: null,
    });
  });
});

describe('legacy destinations stored raw (the incident)', () => {
  it('are encoded at payload build, every URL of the payload, so none can make a Location header invalid', () => {
    const payload = buildRedirectPayload(
      {
        host: 'lnk.localhost',
        slug: 'tokyo',
        workspace,
        qr: {
          ...qr,
          destination_url: 'https://ja.wikipedia.org/wiki/東京',
          last_good_destination: 'https://ｅｘａｍｐｌｅ.com/ü',
        },
        link: {
          ...link,
          rules: [
            {
              id: 'r1',
              conditions: [{ kind: 'country', values: ['FR'] }],
              destination_url: 'https://аpple.com/',
            },
          ],
          destinations: [{ id: 'd1', url: 'https://bücher.example/straße', weight: 50 }],
        },
        experiment: null,
      },
      now,
    );
    expect(payload.destination_url).toBe('https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC');
    expect(payload.last_good_destination).toBe('https://example.com/%C3%BC');
    expect(payload.rules[0]?.destination_url).toBe('https://xn--pple-43d.com/');
    expect(payload.destinations[0]?.url).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
  });

  it('are encoded when a payload written before the fix is read back from the cache', () => {
    const built = buildRedirectPayload(
      { host: 'lnk.localhost', slug: 'spring', workspace, qr: null, link, experiment: null },
      now,
    );
    const legacyJson = JSON.stringify({ ...built, destination_url: 'https://ja.wikipedia.org/wiki/東京' });
    expect(parseRedirectPayload(legacyJson)?.destination_url).toBe(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
    );
  });
});
