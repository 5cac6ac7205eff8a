import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { visitorHash } from '../server/analytics/visitor-hash';
import type { Experiment } from '../cache/payload';
import { payloadFixture, visitFixture } from '../resolve/fixtures';
import { resolveRedirect } from '../server/resolve/resolve-redirect';
import { pickVariant } from '../resolve/split';
import { CLICK_ID_PARAM, verifyClickId } from '../server/experiments/click-id';
import { devClickIdKeyring } from './click-id-keys';

const KEYS = devClickIdKeyring();
import { visitorKeyFor } from '../server/experiments/visitor-key';
import { seededRandom } from './simulation';
import { sampleRatioMismatch } from './srm';

const WS = '0190a000-0000-7000-8000-000000000001';
const experiment: Experiment = {
  id: '0190a000-0000-7000-8000-0000000000e1',
  arm: 2,
  click_id: true,
  variants: [
    { id: '0190a000-0000-7000-8000-0000000000a1', url: 'https://example.com/a', weight: 2000 },
    { id: '0190a000-0000-7000-8000-0000000000b1', url: 'https://example.com/b?x=1', weight: 3000 },
    { id: '0190a000-0000-7000-8000-0000000000c1', url: 'https://example.com/c', weight: 5000 },
  ],
};

describe('assignment: weighted, sticky within a salt day, from the visitor hash and the experiment id', () => {
  it('the same visitor (IP + User-Agent) gets the same variant all day; a new day salt may move them', () => {
    const today = randomBytes(32);
    const tomorrow = randomBytes(32);
    let moved = 0;
    for (let i = 0; i < 500; i++) {
      const ip = `203.0.113.${i % 250}`;
      const ua = `Mozilla/5.0 test ${i}`;
      const first = pickVariant(experiment, visitorHash(today, WS, ip, ua));
      for (let look = 0; look < 5; look++)
        expect(pickVariant(experiment, visitorHash(today, WS, ip, ua))?.id).toBe(first?.id);
      if (pickVariant(experiment, visitorHash(tomorrow, WS, ip, ua))?.id !== first?.id) moved += 1;
    }
    // Each day is a fresh unit: about half the visitors (1 − Σ share²) land elsewhere the next day.
    expect(moved).toBeGreaterThan(200);
  });

  it('two experiments on the same visitors assign independently (the experiment id seeds the pick)', () => {
    const other: Experiment = { ...experiment, id: '0190a000-0000-7000-8000-0000000000e2' };
    const salt = randomBytes(32);
    let same = 0;
    for (let i = 0; i < 2000; i++) {
      const hash = visitorHash(salt, WS, `198.51.100.${i % 250}`, `UA ${i}`);
      if (pickVariant(experiment, hash)?.id === pickVariant(other, hash)?.id) same += 1;
    }
    // Independent picks agree with probability 0.2² + 0.3² + 0.5² = 0.38.
    expect(same / 2000).toBeGreaterThan(0.33);
    expect(same / 2000).toBeLessThan(0.43);
  });

  it('weights hold within statistical tolerance over 100,000 simulated visitors (and the SRM check agrees)', () => {
    const salt = randomBytes(32);
    const random = seededRandom(21);
    const counts = new Map<string, number>(experiment.variants.map((v) => [v.id, 0]));
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const ip = `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
      const hash = visitorHash(salt, WS, ip, `UA ${Math.floor(random() * 1e9)}`);
      const v = pickVariant(experiment, hash);
      if (v) counts.set(v.id, (counts.get(v.id) ?? 0) + 1);
    }
    for (const v of experiment.variants) {
      const share = v.weight / 10_000;
      const sd = Math.sqrt(n * share * (1 - share));
      expect(Math.abs((counts.get(v.id) ?? 0) - n * share), v.id).toBeLessThan(4.5 * sd);
    }
    const check = sampleRatioMismatch(
      experiment.variants.map((v) => counts.get(v.id) ?? 0),
      experiment.variants.map((v) => v.weight),
    );
    expect(check.flagged).toBe(false);
  });
});

describe('click id', () => {
  it('the redirect appends lh_click naming the exposure; the visitor hash itself is not in it', () => {
    const hash = 'ab'.repeat(16);
    const now = new Date('2026-12-05T10:00:00Z');
    const resolution = resolveRedirect(
      payloadFixture({ experiment }),
      visitFixture({ visitorHash: hash, now }),
      KEYS,
    );
    expect(resolution.kind).toBe('redirect');
    if (resolution.kind !== 'redirect') return;
    const url = new URL(resolution.location);
    const clickId = url.searchParams.get(CLICK_ID_PARAM) ?? '';
    expect(clickId).not.toContain(hash);
    expect(verifyClickId(KEYS, clickId, now)).toEqual({
      ok: true,
      at: now,
      click: {
        experimentId: experiment.id,
        armPeriod: 2,
        variantId: resolution.variantId,
        day: '2026-12-05',
        visitorKey: visitorKeyFor(hash, experiment.id),
      },
    });
  });

  it('without signing keys no click id is appended', () => {
    const resolution = resolveRedirect(payloadFixture({ experiment }), visitFixture());
    expect(resolution.kind === 'redirect' && resolution.location.includes(CLICK_ID_PARAM)).toBe(false);
  });

  it('no click id unless the experiment asks for one', () => {
    const resolution = resolveRedirect(
      payloadFixture({ experiment: { ...experiment, click_id: false } }),
      visitFixture(),
      KEYS,
    );
    expect(resolution.kind === 'redirect' && resolution.location.includes(CLICK_ID_PARAM)).toBe(false);
  });
});
