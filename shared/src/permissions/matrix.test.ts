import { describe, expect, it } from 'vitest';
import { ACTIONS } from './matrix';
import { WORKSPACE_ROWS } from './matrix-rows/workspace';
import { BILLING_DOMAIN_ROWS } from './matrix-rows/billing-domains';
import { BIO_PAGE_ROWS } from './matrix-rows/bio-pages';
import { LINK_ROWS } from './matrix-rows/links';
import { QR_EXPERIMENT_ROWS } from './matrix-rows/qr-codes-experiments';
import { ANALYTICS_INTEGRATION_ROWS } from './matrix-rows/analytics-integrations';
import { KEY_AUDIT_ACCOUNT_ROWS } from './matrix-rows/keys-audit-account';
import { BRAND_KIT_ROWS } from './matrix-rows/brand-kits';
import { FOLDER_PRESET_ROWS } from './matrix-rows/folders-presets';

const SECTIONS = [
  WORKSPACE_ROWS,
  BILLING_DOMAIN_ROWS,
  BIO_PAGE_ROWS,
  LINK_ROWS,
  QR_EXPERIMENT_ROWS,
  ANALYTICS_INTEGRATION_ROWS,
  KEY_AUDIT_ACCOUNT_ROWS,
  BRAND_KIT_ROWS,
  FOLDER_PRESET_ROWS,
];

describe('the matrix joined from its sections', () => {
  it('holds every section row once: no action is defined in two sections (a later one would win silently)', () => {
    const defined = SECTIONS.flatMap((section) => Object.keys(section));
    expect(new Set(defined).size).toBe(defined.length);
    expect([...ACTIONS].sort()).toEqual([...defined].sort());
  });

  it('gives every row its own number', () => {
    const numbers = SECTIONS.flatMap((section) => Object.values(section).map((row) => row.row));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
