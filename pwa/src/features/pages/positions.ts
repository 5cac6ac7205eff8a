import { generateKeyBetween } from 'fractional-indexing';

type Positioned = { id: string; position: string };

/** The fractional index that puts `id` at `toIndex` of the ordered list (one row rewritten per move). */
export function positionForMove(blocks: readonly Positioned[], id: string, toIndex: number): string | null {
  const others = blocks.filter((b) => b.id !== id);
  const from = blocks.findIndex((b) => b.id === id);
  if (from === -1 || from === toIndex) return null;
  const index = Math.max(0, Math.min(toIndex, others.length));
  const before = others[index - 1]?.position ?? null;
  const after = others[index]?.position ?? null;
  return generateKeyBetween(before, after);
}

/** The position of a new block at the end. */
export function positionAtEnd(blocks: readonly Positioned[]): string {
  return generateKeyBetween(blocks.at(-1)?.position ?? null, null);
}
