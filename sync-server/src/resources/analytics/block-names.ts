import type pg from 'pg';
import { blockTitle } from '@linkhub/shared/blocks/block-title';
import { uuidSchema } from '@linkhub/shared/schemas/common';

type Db = Pick<pg.Pool, 'query'>;

/**
 * What a `block` breakdown's values read as, by block id, for the blocks of this workspace among
 * `values` (D-607). A removed block keeps its name: its clicks stay in the rollups.
 */
export async function blockNames(
  db: Db,
  workspaceId: string,
  values: ReadonlyArray<string | null | undefined>,
): Promise<Record<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => uuidSchema.safeParse(v).success))];
  if (ids.length === 0) return {};
  const { rows } = await db.query<{ id: string; type: string; data: Record<string, unknown> }>(
    'SELECT id::text AS id, type, data FROM bio_blocks WHERE workspace_id = $1 AND id = ANY($2::uuid[])',
    [workspaceId, ids],
  );
  return Object.fromEntries(rows.map((r) => [r.id, blockTitle(r.type, r.data)]));
}
