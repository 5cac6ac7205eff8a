import { describe, expect, it } from 'vitest';
import type { ImportRowResult } from '@linkhub/shared/imports/api';
import { resultSummary } from './peer-import-api';

const row = (status: ImportRowResult['status']): ImportRowResult => ({
  row: 2,
  status,
  slug: 'a',
  domain: 'lnk.localhost',
  destination_url: 'https://a.example/',
  link_id: null,
  imported_clicks: null,
  error: null,
});

describe('resultSummary', () => {
  it('counts each result in a fixed order and leaves out the ones that did not happen', () => {
    expect(resultSummary([row('conflict'), row('would_create'), row('would_create'), row('unchanged')])).toBe(
      '2 will be created, 1 already here, 1 address taken',
    );
    expect(resultSummary([])).toBe('');
  });
});
