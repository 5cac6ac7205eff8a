import { describe, expect, it } from 'vitest';
import { payloadFixture, visitFixture } from '../../resolve/fixtures';
import { resolveRedirect } from './resolve-redirect';

const past = '2026-01-01T00:00:00Z';
const future = '2027-01-01T00:00:00Z';

describe('resolveRedirect: plain links', () => {
  it('redirects an active link with UTMs and the visit query', () => {
    const r = resolveRedirect(payloadFixture({ utm: { source: 'nl' } }), visitFixture({ query: 'ref=x' }));
    expect(r).toEqual({
      kind: 'redirect',
      location: 'https://example.com/landing?utm_source=nl&ref=x',
      state: 'active',
    });
  });
  it.each([
    ['scheduled', { starts_at: future }],
    ['paused', { status: 'paused' as const }],
    ['archived', { status: 'archived' as const }],
    ['downgrade_locked', { locked: true }],
    ['archived', { workspace_active: false }],
    ['expired', { expires_at: past }],
  ])('answers not_found (branded) when %s', (state, overrides) => {
    const r = resolveRedirect(payloadFixture(overrides), visitFixture());
    expect(r).toMatchObject({ kind: 'not_found', state, branding: { workspace_name: 'Acme' } });
  });
  it('sends an expired link to its expired_url when it has one', () => {
    const r = resolveRedirect(
      payloadFixture({ expires_at: past, expired_url: 'https://example.com/over' }),
      visitFixture(),
    );
    expect(r).toEqual({ kind: 'redirect', location: 'https://example.com/over', state: 'expired' });
  });
  it('applies targeting before experiments and splits', () => {
    const payload = payloadFixture({
      rules: [
        {
          id: 'r-fr',
          conditions: [{ kind: 'country', values: ['FR'] }],
          destination_url: 'https://fr.example',
        },
      ],
      experiment: { id: 'e', variants: [{ id: 'v1', url: 'https://v1.example', weight: 1 }] },
      destinations: [{ id: 'd1', url: 'https://d1.example', weight: 1 }],
    });
    expect(resolveRedirect(payload, visitFixture({ country: 'FR' }))).toMatchObject({
      location: 'https://fr.example',
      ruleId: 'r-fr',
    });
    expect(resolveRedirect(payload, visitFixture({ country: 'DE' }))).toMatchObject({
      location: 'https://v1.example',
      variantId: 'v1',
    });
    expect(resolveRedirect({ ...payload, experiment: null }, visitFixture())).toMatchObject({
      location: 'https://d1.example',
      variantId: 'd1',
    });
  });
  it('is one deterministic decision: with a test and a split both present, every visitor gets a variant, the same one each time', () => {
    const payload = payloadFixture({
      experiment: {
        id: 'e',
        variants: [
          { id: 'a', url: 'https://a.example', weight: 5000 },
          { id: 'b', url: 'https://b.example', weight: 5000 },
        ],
      },
      destinations: [
        { id: 'd1', url: 'https://d1.example', weight: 60 },
        { id: 'd2', url: 'https://d2.example', weight: 40 },
      ],
    });
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const visit = visitFixture({ visitorHash: i.toString(16).padStart(32, '0') });
      const first = resolveRedirect(payload, visit);
      expect(resolveRedirect(payload, visit)).toEqual(first);
      if (first.kind === 'redirect') seen.add(first.variantId ?? 'none');
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });
  it('answers not_found for an active link with no destination at all', () => {
    expect(resolveRedirect(payloadFixture({ destination_url: null }), visitFixture())).toMatchObject({
      kind: 'not_found',
      state: 'active',
    });
  });
});

describe('resolveRedirect: QR codes never dead-end', () => {
  const qr = (o: Parameters<typeof payloadFixture>[0] = {}) =>
    payloadFixture({
      is_qr: true,
      resource_type: 'qr_code',
      last_good_destination: 'https://example.com/last',
      ...o,
    });

  it('rung 1: live', () => {
    expect(resolveRedirect(qr(), visitFixture())).toEqual({
      kind: 'redirect',
      location: 'https://example.com/landing',
      state: 'active',
      fallbackStage: 'live',
    });
  });
  it.each([
    ['paused', { status: 'paused' as const }],
    ['expired', { expires_at: past }],
    ['archived', { status: 'archived' as const }],
    ['downgrade_locked', { locked: true }],
    ['archived', { workspace_active: false }],
    ['scheduled', { starts_at: future }],
  ])('rung 2: last good destination when %s', (state, overrides) => {
    expect(resolveRedirect(qr(overrides), visitFixture())).toEqual({
      kind: 'redirect',
      location: 'https://example.com/last',
      state,
      fallbackStage: 'last_good',
    });
  });
  it('rung 3: the branded holding page when there is no last good destination', () => {
    expect(
      resolveRedirect(qr({ status: 'paused', last_good_destination: null }), visitFixture()),
    ).toMatchObject({
      kind: 'holding_page',
      fallbackStage: 'holding_page',
      branding: { workspace_name: 'Acme' },
    });
  });
  it('rung 4: the generic page when there is no branding either', () => {
    expect(
      resolveRedirect(
        qr({ status: 'archived', last_good_destination: null, branding: null }),
        visitFixture(),
      ),
    ).toEqual({
      kind: 'generic_page',
      fallbackStage: 'generic_page',
    });
  });
  it('an active QR with no destination falls to the last good one', () => {
    expect(resolveRedirect(qr({ destination_url: null }), visitFixture())).toMatchObject({
      fallbackStage: 'last_good',
    });
  });
});

describe('resolveRedirect: unsafe destinations', () => {
  it('never redirects to a javascript: or data: URL', () => {
    expect(
      resolveRedirect(payloadFixture({ destination_url: 'javascript:alert(1)' }), visitFixture()),
    ).toMatchObject({ kind: 'not_found' });
    const qr = payloadFixture({
      is_qr: true,
      destination_url: 'data:text/html,x',
      last_good_destination: 'javascript:x',
    });
    expect(resolveRedirect(qr, visitFixture())).toMatchObject({ kind: 'holding_page' });
  });
  it('allows tel: and mailto: targets (QR codes to a phone number)', () => {
    expect(
      resolveRedirect(payloadFixture({ destination_url: 'tel:+441234567890' }), visitFixture()),
    ).toMatchObject({ kind: 'redirect', location: 'tel:+441234567890' });
  });
});
