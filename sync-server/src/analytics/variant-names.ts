import type pg from 'pg';
import { uuidSchema } from '@linkhub/shared/schemas/common';

type Db = Pick<pg.Pool, 'query'>;

/**
 * What a variant breakdown's values read as: `Summer banner (Shop headline)` by variant id, for the
 * variants of this workspace among `values` (a value that is not one of its variants keeps its id).
 */
export async function variantNames(
  db: Db,
  workspaceId: string,
  values: ReadonlyArray<string | null | undefined>,
): Promise<Record<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => uuidSchema.safeParse(v).success))];
  if (ids.length === 0) return {};
  const { rows } = await db.query<{ id: string; variant: string; experiment: string }>(
    `SELECT v.id::text AS id, v.name AS variant, e.name AS experiment
       FROM experiment_variants v JOIN experiments e ON e.id = v.experiment_id
      WHERE v.workspace_id = $1 AND v.id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
  return Object.fromEntries(rows.map((r) => [r.id, `${r.variant} (${r.experiment})`]));
}
