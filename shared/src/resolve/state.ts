import type { RedirectPayload } from '../cache/payload';

/** The states a link or QR code can be in when a visit arrives (docs/product-rules.md#the-redirect). */
export const linkStates = [
  'active',
  'scheduled',
  'expired',
  'paused',
  'archived',
  'downgrade_locked',
  /** A capped link whose visits are used up (D-616): known from its counter, never from `evaluateState`. */
  'click_limit_reached',
] as const;
export type LinkState = (typeof linkStates)[number];

type StateFields = Pick<
  RedirectPayload,
  'status' | 'starts_at' | 'expires_at' | 'locked' | 'workspace_active'
>;

/**
 * One state per visit, the most final first: archived (also a workspace that no longer serves) →
 * downgrade-locked → paused → scheduled (before `starts_at`) → expired (at or after `expires_at`) → active.
 */
export function evaluateState(fields: StateFields, now: Date): LinkState {
  if (fields.status === 'archived' || !fields.workspace_active) return 'archived';
  if (fields.locked) return 'downgrade_locked';
  if (fields.status === 'paused') return 'paused';
  const t = now.getTime();
  if (fields.starts_at !== null && t < Date.parse(fields.starts_at)) return 'scheduled';
  if (fields.expires_at !== null && t >= Date.parse(fields.expires_at)) return 'expired';
  return 'active';
}

/** A link or QR code as the editor holds it (the sync view): the same fields under their row names. */
export type ResourceStateFields = {
  status: string;
  starts_at?: string | null;
  expires_at?: string | null;
  archived_at: string | null;
  locked: boolean;
  /** When a capped link's persisted count reached its cap (D-616). */
  click_limit_reached_at?: string | null;
};

/**
 * The state the editor shows is the state the edge serves: the row's fields mapped
 * onto `evaluateState`, so a paused link past its expiry is "paused" in both places.
 */
export function resourceState(row: ResourceStateFields, now: Date): LinkState {
  const state = evaluateState(
    {
      status: row.archived_at !== null ? 'archived' : row.status === 'paused' ? 'paused' : 'active',
      starts_at: row.starts_at ?? null,
      expires_at: row.expires_at ?? null,
      locked: row.locked,
      workspace_active: true,
    },
    now,
  );
  const capped = row.click_limit_reached_at !== undefined && row.click_limit_reached_at !== null;
  return state === 'active' && capped ? 'click_limit_reached' : state;
}
