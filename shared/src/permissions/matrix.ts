import type { MatrixRow } from './matrix-row';
import { WORKSPACE_ROWS } from './matrix-rows/workspace';
import { BILLING_DOMAIN_ROWS } from './matrix-rows/billing-domains';
import { BIO_PAGE_ROWS } from './matrix-rows/bio-pages';
import { LINK_ROWS } from './matrix-rows/links';
import { QR_EXPERIMENT_ROWS } from './matrix-rows/qr-codes-experiments';
import { ANALYTICS_INTEGRATION_ROWS } from './matrix-rows/analytics-integrations';
import { KEY_AUDIT_ACCOUNT_ROWS } from './matrix-rows/keys-audit-account';
import { BRAND_KIT_ROWS } from './matrix-rows/brand-kits';
import { FOLDER_PRESET_ROWS } from './matrix-rows/folders-presets';

export type { ActionDomain, MatrixRow, TargetType } from './matrix-row';

/**
 * The permission matrix (docs/product-rules.md#permissions), as data: one row per action, one cell per role (`Y`, `N`, or
 * footnote conditions, see conditions.ts). Row numbers follow the spec's numbering where the spec
 * names a row (11, 17, 24, 27, 30, 50, 63, 64, 65, 74, 75, 109, 116, 126–128, 132). Adding an action to
 * the product means adding a row to its section in `matrix-rows/` (one file per group of the spec's
 * sections, joined here in the spec's order); `authorize()` and the tests read nothing else.
 *
 * Row fields: `kind` (read | write: writes run the resource-state and billing checks), `target` (the
 * resource the action addresses; the caller must load it), `api` (the API key scope; absent → no key
 * can reach it), `feature` / `quota` (step 7), `account` (decided without a workspace, step 2a),
 * `states` (C8 lifecycle states it may start from), `on_archived` (allowed on archived items),
 * `billing_exempt` (allowed while writes are blocked for non-payment).
 *
 * A row without `target` may still be given a resource (an experiment's link on `experiment.create`,
 * the page on `lead.export`, the link on `analytics.view`): it is then checked like a target — same
 * workspace, granted to a scoped member, and (for writes) not archived, locked or deleted.
 */
const MATRIX_DATA = {
  ...WORKSPACE_ROWS,
  ...BILLING_DOMAIN_ROWS,
  ...BIO_PAGE_ROWS,
  ...LINK_ROWS,
  ...QR_EXPERIMENT_ROWS,
  ...ANALYTICS_INTEGRATION_ROWS,
  ...KEY_AUDIT_ACCOUNT_ROWS,
  ...BRAND_KIT_ROWS,
  ...FOLDER_PRESET_ROWS,
} as const satisfies Record<string, MatrixRow>;

export type Action = keyof typeof MATRIX_DATA;

/** The matrix, each row widened to MatrixRow so optional fields read uniformly. */
export const MATRIX: Readonly<Record<Action, MatrixRow>> = MATRIX_DATA;

/** Every action, in row order. */
export const ACTIONS: readonly Action[] = Object.keys(MATRIX).filter(isAction);

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && Object.hasOwn(MATRIX, value);
}

export function rowOf(action: Action): MatrixRow {
  return MATRIX[action];
}

/** Resource types a grant can name (docs/product-rules.md#permissions). */
export const GRANTABLE_TYPES = ['bio_page', 'link', 'qr_code', 'folder'] as const;
export type GrantableType = (typeof GRANTABLE_TYPES)[number];

export function isGrantableType(value: unknown): value is GrantableType {
  return typeof value === 'string' && (GRANTABLE_TYPES as readonly string[]).includes(value);
}
