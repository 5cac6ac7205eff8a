import { orderKeyBetween, orderKeys } from '@linkhub/shared/blocks/order-keys';

type Positioned = { id: string; position: string };
/** The position writes one change of order needs: usually one row; every row when the stored keys need repair. */
export type PositionPlan = Array<{ id: string; position: string }>;

/** Fresh keys for `order` (shared/src/blocks/order-keys.ts), written only where they differ from the stored ones. */
function renumber(order: readonly Positioned[], keys = orderKeys(order.length)): PositionPlan {
  return order.flatMap((b, i) => {
    const position = keys[i];
    return position === undefined || position === b.position ? [] : [{ id: b.id, position }];
  });
}

/**
 * The writes that put `id` at `toIndex` of the ordered list: one fractional index between its new
 * neighbours, or — when stored keys are ones the library refuses (`invalid order key`) or out of
 * order — fresh keys for the whole list in the new order. Null when nothing moves.
 */
export function planMove(blocks: readonly Positioned[], id: string, toIndex: number): PositionPlan | null {
  const moved = blocks.find((b) => b.id === id);
  const from = blocks.findIndex((b) => b.id === id);
  if (moved === undefined || from === toIndex) return null;
  const others = blocks.filter((b) => b.id !== id);
  const index = Math.max(0, Math.min(toIndex, others.length));
  try {
    return [
      { id, position: orderKeyBetween(others[index - 1]?.position ?? null, others[index]?.position ?? null) },
    ];
  } catch {
    return renumber([...others.slice(0, index), moved, ...others.slice(index)]);
  }
}

/** The position of a new block at the end, and the repairs of stored keys the library refuses. */
export function planAppend(blocks: readonly Positioned[]): { position: string; repairs: PositionPlan } {
  try {
    return { position: orderKeyBetween(blocks.at(-1)?.position ?? null, null), repairs: [] };
  } catch {
    const keys = orderKeys(blocks.length + 1);
    return {
      position: keys.at(-1) ?? orderKeyBetween(null, null),
      repairs: renumber(blocks, keys.slice(0, -1)),
    };
  }
}
