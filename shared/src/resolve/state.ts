import type { RedirectPayload } from '../cache/payload';

/** The states a link or QR code can be in when a visit arrives (spec §15.3, §22.5). */
export const linkStates = ['active', 'scheduled', 'expired', 'paused', 'archived', 'downgrade_locked'] as const;
export type LinkState = (typeof linkStates)[number];

type StateFields = Pick<RedirectPayload, 'status' | 'starts_at' | 'expires_at' | 'locked' | 'workspace_active'>;

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
