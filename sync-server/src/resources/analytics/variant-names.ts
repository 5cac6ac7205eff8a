import type pg from 'pg';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { displayUrl } from '@linkhub/shared/url/display-url';

type Db = Pick<pg.Pool, 'query'>;

/**
 * What a variant breakdown's values read as, by variant id, for the variants of this workspace among
 * `values` (a value that is not one of its variants keeps its id):
 * - an A/B test's variant: `A — original (Shop headline)`, `B — shop.example/b (Shop headline)`;
 * - a link's weighted split destination (its id is recorded as the variant too), also one a test
 *   replaced (kept in the link's versions): `Split 40% → shop.example/b (Spring link)`.
 */
export async function variantNames(
  db: Db,
  workspaceId: string,
  values: ReadonlyArray<string | null | undefined>,
): Promise<Record<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => uuidSchema.safeParse(v).success))];
  if (ids.length === 0) return {};
  const { rows } = await db.query<{
    id: string;
    variant: string;
    experiment: string;
    is_control: boolean;
    destination_url: string | null;
  }>(
    `SELECT v.id::text AS id, v.name AS variant, e.name AS experiment, v.is_control, v.destination_url
       FROM experiment_variants v JOIN experiments e ON e.id = v.experiment_id
      WHERE v.workspace_id = $1 AND v.id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
  const names: Record<string, string> = Object.fromEntries(
    rows.map((r) => {
      const what = r.is_control
        ? 'original'
        : r.destination_url === null
          ? 'changed page'
          : displayUrl(r.destination_url);
      return [r.id, `${r.variant} — ${what} (${r.experiment})`];
    }),
  );
  const rest = ids.filter((id) => names[id] === undefined);
  if (rest.length === 0) return names;
  // Split entries: the link's current split first, then the ones its versions kept.
  const splits = await db.query<{ id: string; url: string; weight: string; link: string }>(
    `SELECT DISTINCT ON (d->>'id') d->>'id' AS id, d->>'url' AS url, d->>'weight' AS weight, s.link
       FROM (SELECT 0 AS rank, l.destinations, coalesce(l.title, l.slug) AS link, l.updated_at AS at
               FROM links l WHERE l.workspace_id = $1
             UNION ALL
             SELECT 1, v.snapshot->'destinations', coalesce(v.snapshot->>'title', v.snapshot->>'slug'), v.created_at
               FROM link_versions v WHERE v.workspace_id = $1) s,
            jsonb_array_elements(CASE WHEN jsonb_typeof(s.destinations) = 'array' THEN s.destinations ELSE '[]'::jsonb END) d
      WHERE d->>'id' = ANY($2::text[])
      ORDER BY d->>'id', s.rank, s.at DESC`,
    [workspaceId, rest],
  );
  for (const r of splits.rows) names[r.id] = `Split ${r.weight}% → ${displayUrl(r.url)} (${r.link})`;
  return names;
}
