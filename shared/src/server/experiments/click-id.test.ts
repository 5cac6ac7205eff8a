import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLICK_ID_MAX_AGE_MS, mintClickId, verifyClickId, type ClickExposure } from './click-id';
import { clickIdEnvShape, clickIdKeyring, type ClickIdKeyring } from '../../experiments/click-id-keys';

const OLD = 'k1:' + 'a'.repeat(40);
const NEW = 'k2:' + 'b'.repeat(40);
const rotating = clickIdKeyring({ CLICK_ID_KEY: NEW, CLICK_ID_PREVIOUS_KEYS: OLD });
const oldOnly = clickIdKeyring({ CLICK_ID_KEY: OLD, CLICK_ID_PREVIOUS_KEYS: '' });
const newOnly = clickIdKeyring({ CLICK_ID_KEY: NEW, CLICK_ID_PREVIOUS_KEYS: '' });
const NOW = new Date('2026-12-07T12:00:00Z');
const DAY = 86_400_000;

const exposure = (over: Partial<ClickExposure> = {}): ClickExposure => ({
  experimentId: '0190f1f0-0000-7000-8000-000000000001',
  armPeriod: 1,
  variantId: '0190f1f0-0000-7000-8000-0000000000aa',
  at: NOW,
  visitorKey: '0123456789abcdef',
  ...over,
});
const reason = (keys: ClickIdKeyring, text: string) => {
  const checked = verifyClickId(keys, text, NOW);
  return checked.ok ? 'ok' : checked.reason;
};

describe('signed click ids', () => {
  it('round-trips an exposure under the current key', () => {
    const id = mintClickId(rotating, exposure());
    expect(id.startsWith('lhc2k2.')).toBe(true);
    expect(verifyClickId(rotating, id, NOW)).toEqual({
      ok: true,
      at: NOW,
      click: {
        experimentId: '0190f1f0-0000-7000-8000-000000000001',
        armPeriod: 1,
        variantId: '0190f1f0-0000-7000-8000-0000000000aa',
        day: '2026-12-07',
        visitorKey: '0123456789abcdef',
      },
    });
  });

  it('refuses another variant under the same signature, ids out of the age window, and unknown keys', () => {
    const id = mintClickId(rotating, exposure());
    const bytes = Buffer.from(id.slice('lhc2k2.'.length), 'base64url');
    Buffer.from('0190f1f00000700080000000000000bb', 'hex').copy(bytes, 18);
    expect(reason(rotating, `lhc2k2.${bytes.toString('base64url')}`)).toBe('bad_signature');
    expect(
      reason(rotating, mintClickId(rotating, exposure({ at: new Date(NOW.getTime() + 400 * DAY) }))),
    ).toBe('future');
    expect(
      reason(rotating, mintClickId(rotating, exposure({ at: new Date(NOW.getTime() + 4 * 60_000) }))),
    ).toBe('ok');
    expect(
      reason(rotating, mintClickId(rotating, exposure({ at: new Date(NOW.getTime() - 100 * DAY) }))),
    ).toBe('expired');
    expect(
      reason(
        rotating,
        mintClickId(rotating, exposure({ at: new Date(NOW.getTime() - CLICK_ID_MAX_AGE_MS + 1000) })),
      ),
    ).toBe('ok');
    expect(reason(rotating, 'lhc1AZAAAAAAAAAAAAAAAAAAAAAA')).toBe('malformed');
  });

  it('a rotated-out key verifies while it is listed as previous, then not', () => {
    const minted = mintClickId(oldOnly, exposure());
    expect(reason(rotating, minted)).toBe('ok');
    expect(reason(newOnly, minted)).toBe('unknown_key');
    // Same key id, another secret: a forgery.
    const forged = mintClickId(
      clickIdKeyring({ CLICK_ID_KEY: 'k2:' + 'c'.repeat(40), CLICK_ID_PREVIOUS_KEYS: '' }),
      exposure(),
    );
    expect(reason(rotating, forged)).toBe('bad_signature');
  });

  it('the env settings refuse keys without an id or with a short secret', () => {
    expect(clickIdEnvShape.CLICK_ID_KEY.safeParse('k1:short').success).toBe(false);
    expect(clickIdEnvShape.CLICK_ID_KEY.safeParse('a'.repeat(40)).success).toBe(false);
    expect(clickIdEnvShape.CLICK_ID_PREVIOUS_KEYS.safeParse(`${OLD}, k3:nope`).success).toBe(false);
    expect(clickIdEnvShape.CLICK_ID_PREVIOUS_KEYS.safeParse(`${OLD}, ${NEW}`).success).toBe(true);
  });

  it('property: any change to a valid id — a character replaced, inserted or removed — is refused, and nothing throws', () => {
    const id = mintClickId(rotating, exposure());
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(
        fc.nat({ max: id.length }),
        fc.constantFrom('replace', 'insert', 'remove'),
        fc.constantFrom(...ALPHABET),
        (at, how, ch) => {
          const mutated =
            how === 'replace'
              ? id.slice(0, at) + ch + id.slice(at + 1)
              : how === 'insert'
                ? id.slice(0, at) + ch + id.slice(at)
                : id.slice(0, at) + id.slice(at + 1);
          if (mutated === id) return;
          expect(verifyClickId(rotating, mutated, NOW).ok).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: any text at all is answered, never thrown; only minted ids pass', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 220 }), (text) => {
        expect(verifyClickId(rotating, text, NOW).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 1, max: 65_535 }),
        fc.uuid(),
        fc.integer({ min: 0, max: 89 * 86_400 }),
        fc.stringMatching(/^[0-9a-f]{16}$/),
        (experimentId, armPeriod, variantId, secondsAgo, visitorKey) => {
          const at = new Date(Math.floor(NOW.getTime() / 1000 - secondsAgo) * 1000);
          const checked = verifyClickId(
            rotating,
            mintClickId(rotating, { experimentId, armPeriod, variantId, at, visitorKey }),
            NOW,
          );
          expect(checked).toMatchObject({
            ok: true,
            at,
            click: { experimentId, variantId, armPeriod, visitorKey },
          });
        },
      ),
    );
  });
});
