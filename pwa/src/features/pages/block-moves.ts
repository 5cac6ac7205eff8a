import { planMove, type PositionPlan } from './positions';

type Stored = { id: string; position: string };

/** What the user asked of one block: one place up or down, or the place of the block it was dropped on. */
export type MoveRequest = { direction: 'up' | 'down' } | { onto: string };

/** The writes of one move and where the block lands (0-based) in a list of `of` blocks. */
export type PlannedMove = { plan: PositionPlan; to: number; of: number };

/**
 * Plans a move from the store's blocks in their stored order (`listBlocks`: position, then id, as the
 * server's `ORDER BY position, id`), relative to the block the user clicked, found by id: the screen
 * may still show an older order. Null when that block is gone or is already where it was asked to go.
 */
export function planBlockMove(
  stored: readonly Stored[],
  id: string,
  request: MoveRequest,
): PlannedMove | null {
  const from = stored.findIndex((b) => b.id === id);
  if (from < 0) return null;
  const to =
    'direction' in request
      ? from + (request.direction === 'up' ? -1 : 1)
      : stored.findIndex((b) => b.id === request.onto);
  if (to < 0 || to >= stored.length || to === from) return null;
  const plan = planMove(stored, id, to);
  return plan === null || plan.length === 0 ? null : { plan, to, of: stored.length };
}
