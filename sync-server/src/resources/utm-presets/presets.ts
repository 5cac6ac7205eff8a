import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';
import { uuidv7 } from '@linkhub/shared/server/db';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import type { Action } from '@linkhub/shared/permissions/matrix';
import type {
  CreateUtmPresetInput,
  UpdateUtmPresetInput,
  UtmPreset,
} from '@linkhub/shared/schemas/utm-presets';
import type { AppDeps } from '../../http/app-deps';
import type { V1Caller } from '../../http/caller';
import { loadAuthorizeInput } from '../../kernel/authorization';

type PresetRow = {
  id: string;
  workspace_id: string;
  name: string;
  utm: Record<string, string>;
  created_at: Date;
  updated_at: Date;
};
const COLUMNS = 'id, workspace_id, name, utm, created_at, updated_at';

const view = (row: PresetRow): UtmPreset => ({
  id: row.id,
  workspace_id: row.workspace_id,
  name: row.name,
  utm: row.utm,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** UTM presets are a workspace setting (D-623): reading is `utm_preset.list`, changing `workspace.manage_utm_presets`. */
export async function authorizeUtmPresets(deps: AppDeps, caller: V1Caller, action: Action): Promise<void> {
  assertAllowed(authorize(await loadAuthorizeInput(deps.pool, caller.by, action, caller.workspaceId)));
}

const nameTaken = () =>
  new ConflictError('conflict', {
    message: 'This workspace already has a UTM preset of that name.',
    details: [{ field: 'name', issue: 'already_exists' }],
  });

async function unique<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    if (isUniqueViolation(error, 'ux_utm_presets_workspace_name')) throw nameTaken();
    throw error;
  }
}

export async function listUtmPresets(db: Queryable, workspaceId: string): Promise<UtmPreset[]> {
  const found = await rows<PresetRow>(
    db,
    `SELECT ${COLUMNS} FROM utm_presets WHERE workspace_id = $1 ORDER BY lower(name), id`,
    [workspaceId],
  );
  return found.map(view);
}

export async function findUtmPreset(db: Queryable, workspaceId: string, id: string): Promise<UtmPreset> {
  const row = await one<PresetRow>(
    db,
    `SELECT ${COLUMNS} FROM utm_presets WHERE id = $1 AND workspace_id = $2`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return view(row);
}

export async function createUtmPreset(
  db: Queryable,
  caller: V1Caller,
  input: CreateUtmPresetInput,
): Promise<UtmPreset> {
  const row = await unique(() =>
    one<PresetRow>(
      db,
      `INSERT INTO utm_presets (id, workspace_id, name, utm, created_by_user_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [uuidv7(), caller.workspaceId, input.name, JSON.stringify(input.utm), caller.by.userId],
    ),
  );
  if (!row) throw new Error('UTM preset insert returned no row');
  return view(row);
}

export async function updateUtmPreset(
  db: Queryable,
  workspaceId: string,
  id: string,
  input: UpdateUtmPresetInput,
): Promise<UtmPreset> {
  const row = await unique(() =>
    one<PresetRow>(
      db,
      `UPDATE utm_presets SET name = COALESCE($3, name), utm = COALESCE($4::jsonb, utm), updated_at = now()
        WHERE id = $1 AND workspace_id = $2 RETURNING ${COLUMNS}`,
      [id, workspaceId, input.name ?? null, input.utm === undefined ? null : JSON.stringify(input.utm)],
    ),
  );
  if (!row) throw new NotFoundError();
  return view(row);
}

/** Deleted for good: links made with it keep their own UTM values. */
export async function deleteUtmPreset(db: Queryable, workspaceId: string, id: string): Promise<void> {
  const gone = await db.query('DELETE FROM utm_presets WHERE id = $1 AND workspace_id = $2', [
    id,
    workspaceId,
  ]);
  if (gone.rowCount === 0) throw new NotFoundError();
}

/**
 * The UTM values of the presets named by link bodies (`utm_preset_id`), in one query: a map from
 * preset id to its values; an id the workspace does not have is absent (its body answers 404).
 */
export async function utmOfPresets(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const found = await rows<{ id: string; utm: Record<string, string> }>(
    db,
    'SELECT id, utm FROM utm_presets WHERE id = ANY($1::uuid[]) AND workspace_id = $2',
    [wanted, workspaceId],
  );
  return new Map(found.map((r) => [r.id, r.utm]));
}

export const unknownPreset = (): NotFoundError =>
  new NotFoundError({
    message: 'This workspace has no such UTM preset.',
    details: [{ field: 'utm_preset_id', issue: 'not_found' }],
  });

/** A preset's UTM values by id (undefined: the workspace has none of that id). */
export type UtmOfPreset = (id: string) => Promise<Record<string, string> | undefined>;

/** One lookup per preset named in a request (a bulk create names the same preset many times). */
export function memoUtmPresets(db: Queryable, workspaceId: string): UtmOfPreset {
  const known = new Map<string, Promise<Record<string, string> | undefined>>();
  return (id) => {
    const key = id.toLowerCase();
    const found = known.get(key) ?? utmOfPresets(db, workspaceId, [key]).then((m) => m.get(key));
    known.set(key, found);
    return found;
  };
}

/**
 * A link's UTM values with its preset applied: the preset's values, then the keys the body's own
 * `utm` gives (they win). Throws the 404 of a preset the workspace does not have (D-623).
 */
export async function utmWithPreset(
  presetId: string | undefined,
  utm: Record<string, string> | undefined,
  utmOfPreset: UtmOfPreset,
): Promise<Record<string, string> | undefined> {
  if (presetId === undefined) return utm;
  const preset = await utmOfPreset(presetId);
  if (preset === undefined) throw unknownPreset();
  return { ...preset, ...(utm ?? {}) };
}
