import { validateHeaderValue } from 'node:http';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { displayUrl } from './display-url';
import { detectHomograph } from './homograph';
import { normalizeUrl } from './normalize-url';

/** Destinations drawn from all of Unicode, in the shapes people paste. */
const destination = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'mailto:', 'tel:', 'sms:'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    )
    .map(([scheme, host, rest]) => `${scheme}${host}/${rest}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

test.prop([destination])(
  'a normalised URL is a valid header value, and normalising it again changes nothing',
  (input) => {
    const href = normalizeUrl(input);
    if (href === null) return;
    expect(() => validateHeaderValue('Location', href)).not.toThrow();
    expect(normalizeUrl(href)).toBe(href);
  },
);

test.prop([destination])('the display form leads where the stored form does', (input) => {
  const href = normalizeUrl(input);
  if (href === null) return;
  expect(normalizeUrl(displayUrl(href))).toBe(href);
});

test.prop([destination])('the lookalike check never throws and reports the stored host', (input) => {
  const check = detectHomograph(input);
  const href = normalizeUrl(input);
  if (href !== null && check.asciiHost !== null) expect(new URL(href).hostname).toBe(check.asciiHost);
});
