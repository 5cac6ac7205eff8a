import { PAYLOAD_SCHEMA_VERSION, type RedirectPayload } from '../cache/payload';
import type { Visit } from './visit';

/** A valid active plain-link payload, for tests of the resolver and the cache (override any field). */
export function payloadFixture(overrides: Partial<RedirectPayload> = {}): RedirectPayload {
  return {
    v: PAYLOAD_SCHEMA_VERSION,
    revision: 1,
    workspace_id: 'ws-1',
    resource_type: 'link',
    resource_id: 'link-1',
    is_qr: false,
    host: 'lnk.localhost',
    slug: 'spring',
    status: 'active',
    starts_at: null,
    expires_at: null,
    expired_url: null,
    locked: false,
    workspace_active: true,
    destination_url: 'https://example.com/landing',
    destinations: [],
    rules: [],
    experiment: null,
    utm: {},
    last_good_destination: null,
    branding: {
      workspace_name: 'Acme',
      title: null,
      message: null,
      logo_url: null,
      background: null,
      foreground: null,
      link_url: null,
    },
    time_zone: 'UTC',
    ...overrides,
  };
}

export function visitFixture(overrides: Partial<Visit> = {}): Visit {
  return {
    now: new Date('2026-06-01T12:00:00Z'),
    visitorHash: '00112233445566778899aabbccddeeff',
    country: null,
    region: null,
    deviceType: 'desktop',
    osFamily: null,
    languages: [],
    referrerHost: null,
    query: '',
    ...overrides,
  };
}
