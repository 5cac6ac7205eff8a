import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { routeKeysOf } from './cache-read';
import { HotRoutes } from './hot-routes';

const remember = (memo: HotRoutes<string>, host: string, slug: string, value: string) => {
  const [domainKey, ...slugKeys] = routeKeysOf('p:', host, slug);
  memo.set(host, slug, domainKey, slugKeys, value);
};

describe('HotRoutes', () => {
  it('answers a route until a key it was read from is invalidated', () => {
    const memo = new HotRoutes<string>(10);
    remember(memo, 'lnk.test', 'a', 'A');
    remember(memo, 'lnk.test', 'b', 'B');
    expect(memo.get('lnk.test', 'a')).toBe('A');
    const [, redirectKey, missKey] = routeKeysOf('p:', 'lnk.test', 'a');
    memo.invalidate(redirectKey);
    expect(memo.get('lnk.test', 'a')).toBeUndefined();
    expect(memo.get('lnk.test', 'b')).toBe('B');
    remember(memo, 'lnk.test', 'a', 'A2');
    memo.invalidate(missKey);
    expect(memo.get('lnk.test', 'a')).toBeUndefined();
  });

  it("drops every route of a host when the host's route key changes, and no other host's", () => {
    const memo = new HotRoutes<string>(10);
    remember(memo, 'go.acme.test', 'a', 'A');
    remember(memo, 'go.acme.test', 'b', 'B');
    remember(memo, 'lnk.test', 'a', 'L');
    memo.invalidate(routeKeysOf('p:', 'go.acme.test', 'x')[0]);
    expect(memo.get('go.acme.test', 'a')).toBeUndefined();
    expect(memo.get('go.acme.test', 'b')).toBeUndefined();
    expect(memo.get('lnk.test', 'a')).toBe('L');
    expect(memo.size).toBe(1);
  });

  it('never holds more than its capacity', () => {
    const memo = new HotRoutes<string>(3);
    for (let i = 0; i < 10; i++) {
      remember(memo, 'lnk.test', `s${i}`, `v${i}`);
      expect(memo.size).toBeLessThanOrEqual(3);
    }
    expect(memo.get('lnk.test', 's9')).toBe('v9');
  });

  it('answers only what a model that drops an entry on any of its keys would (property)', () => {
    const hosts = ['a.test', 'b.test', 'x}:y.test'];
    const slugs = ['s', 't', '}:s', 'ü'];
    const op = fc.oneof(
      fc.record({
        op: fc.constant('set' as const),
        host: fc.constantFrom(...hosts),
        slug: fc.constantFrom(...slugs),
        value: fc.nat(),
      }),
      fc.record({
        op: fc.constant('invalidate' as const),
        host: fc.constantFrom(...hosts),
        slug: fc.constantFrom(...slugs),
        which: fc.nat(2),
      }),
      fc.record({ op: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const memo = new HotRoutes<number>(1000);
        const model = new Map<string, { value: number; keys: readonly string[] }>();
        for (const step of ops) {
          if (step.op === 'clear') {
            memo.clear();
            model.clear();
          } else if (step.op === 'set') {
            const keys = routeKeysOf('p:', step.host, step.slug);
            const [domainKey, ...slugKeys] = keys;
            memo.set(step.host, step.slug, domainKey, slugKeys, step.value);
            model.set(JSON.stringify([step.host, step.slug]), { value: step.value, keys });
          } else {
            const key = routeKeysOf('p:', step.host, step.slug)[step.which] ?? '';
            memo.invalidate(key);
            for (const [route, entry] of model) if (entry.keys.includes(key)) model.delete(route);
          }
          for (const host of hosts)
            for (const slug of slugs)
              expect(memo.get(host, slug)).toBe(model.get(JSON.stringify([host, slug]))?.value);
          expect(memo.size).toBe(model.size);
        }
      }),
    );
  });
});
