import { expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import Papa from 'papaparse';
import { readLinksCsv, type ImportLink } from './csv-rows';

const link: fc.Arbitrary<ImportLink> = fc.record(
  {
    destination_url: fc
      .tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/))
      .map(([host, path]) => `https://${host}.example/${path}`),
    title: fc.stringMatching(/^[^\s"][^\r\n]{0,30}[^\s"]$/),
    tags: fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 4 }),
  },
  { requiredKeys: ['destination_url'] },
);

test.prop([fc.array(link, { minLength: 1, maxLength: 30 }), fc.constantFrom(',', ';', '\t')])(
  'links written as CSV read back as the same links, numbered from row 2',
  (links, delimiter) => {
    const csv = Papa.unparse(
      links.map((l) => ({
        destination_url: l.destination_url,
        title: l.title ?? '',
        tags: (l.tags ?? []).join('|'),
      })),
      { delimiter, columns: ['destination_url', 'title', 'tags'] },
    );
    const reading = readLinksCsv(csv);
    expect(reading.kind).toBe('rows');
    if (reading.kind !== 'rows') return;
    expect(reading.refused).toEqual([]);
    expect(reading.ready).toEqual(links.map((l, i) => ({ row: i + 2, link: l })));
  },
);
