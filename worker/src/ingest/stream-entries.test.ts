import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryIdParts, firstEntryId } from './stream-entries';

describe('stream entry ids', () => {
  it('splits any <ms>-<seq> id into its decimal parts', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 2n ** 63n - 1n), fc.bigInt(0n, 2n ** 63n - 1n), (ms, seq) => {
        expect(entryIdParts(`${ms}-${seq}`)).toEqual({ ms: String(ms), seq: String(seq) });
      }),
    );
  });

  it('refuses anything else', () => {
    for (const id of [
      '',
      '1',
      '1-',
      '-1',
      '1-2-3',
      ' 1-2',
      '1-2\n',
      '１-2',
      '0x1-2',
      '1.5-2',
      1,
      null,
      ['1-2'],
    ])
      expect(entryIdParts(id)).toBeNull();
    fc.assert(
      fc.property(fc.string(), (id) => {
        fc.pre(!/^\d+-\d+$/.test(id));
        expect(entryIdParts(id)).toBeNull();
      }),
    );
  });

  it('reads the first id of an XRANGE reply, and nothing from an empty or odd one', () => {
    expect(firstEntryId([['1733472000000-7', ['f', 'v']]])).toEqual({ ms: '1733472000000', seq: '7' });
    for (const reply of [[], null, 'x', [[]], [['nope', []]]]) expect(firstEntryId(reply)).toBeNull();
  });
});
