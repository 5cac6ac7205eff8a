import type { RowOf } from '@linkhub/shared/server/db/row';
import type { brandKits } from '@linkhub/shared/server/db/schema/qr-codes';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';
import { uuidv7 } from '@linkhub/shared/server/db';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import type { Action } from '@linkhub/shared/permissions/matrix';
import { designToApi } from '@linkhub/shared/schemas/qr-design';
import {
  withBrandKit,
  type BrandKit,
  type CreateBrandKitInput,
  type UpdateBrandKitInput,
} from '@linkhub/shared/schemas/brand-kits';
import type { AppDeps } from '../../http/app-deps';
import { loadAuthorizeInput } from '../../kernel/authorization';
import type { V1Caller } from '../../http/caller';

type BrandKitRow = RowOf<
  typeof brandKits,
  'id' | 'workspaceId' | 'name' | 'design' | 'createdAt' | 'updatedAt'
>;
const COLUMNS = 'id, workspace_id, name, design, created_at, updated_at';

const view = (row: BrandKitRow): BrandKit => ({
  id: row.id,
  workspace_id: row.workspace_id,
  name: row.name,
  design: designToApi(row.design),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Brand kits are a workspace setting: who may read or change them is authorize()'s answer (D-577). */
export async function authorizeBrandKits(deps: AppDeps, caller: V1Caller, action: Action): Promise<void> {
  assertAllowed(authorize(await loadAuthorizeInput(deps.pool, caller.by, action, caller.workspaceId)));
}

const nameTaken = () =>
  new ConflictError('conflict', {
    message: 'This workspace already has a brand kit of that name.',
    details: [{ field: 'name', issue: 'already_exists' }],
  });

export async function listBrandKits(db: Queryable, workspaceId: string): Promise<BrandKit[]> {
  const found = await rows<BrandKitRow>(
    db,
    `SELECT ${COLUMNS} FROM brand_kits WHERE workspace_id = $1 ORDER BY lower(name), id`,
    [workspaceId],
  );
  return found.map(view);
}

export async function findBrandKit(db: Queryable, workspaceId: string, id: string): Promise<BrandKit> {
  const row = await one<BrandKitRow>(
    db,
    `SELECT ${COLUMNS} FROM brand_kits WHERE id = $1 AND workspace_id = $2`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return view(row);
}

export async function createBrandKit(
  db: Queryable,
  caller: V1Caller,
  input: CreateBrandKitInput,
): Promise<BrandKit> {
  try {
    const row = await one<BrandKitRow>(
      db,
      `INSERT INTO brand_kits (id, workspace_id, name, design, created_by_user_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [uuidv7(), caller.workspaceId, input.name, JSON.stringify(input.design), caller.by.userId],
    );
    if (!row) throw new Error('brand kit insert returned no row');
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateBrandKit(
  db: Queryable,
  workspaceId: string,
  id: string,
  input: UpdateBrandKitInput,
): Promise<BrandKit> {
  try {
    const row = await one<BrandKitRow>(
      db,
      `UPDATE brand_kits SET name = COALESCE($3, name), design = COALESCE($4::jsonb, design), updated_at = now()
        WHERE id = $1 AND workspace_id = $2 RETURNING ${COLUMNS}`,
      [id, workspaceId, input.name ?? null, input.design === undefined ? null : JSON.stringify(input.design)],
    );
    if (!row) throw new NotFoundError();
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteBrandKit(db: Queryable, workspaceId: string, id: string): Promise<void> {
  const gone = await db.query('DELETE FROM brand_kits WHERE id = $1 AND workspace_id = $2', [
    id,
    workspaceId,
  ]);
  if (gone.rowCount === 0) throw new NotFoundError();
}

/**
 * The create bodies of one request with their brand kits applied (`withBrandKit`), before each is
 * parsed: the kits named (by an item, or by the request for every item that names none) are read in
 * one query; an item naming a kit the workspace does not have is answered with that kit's 404 (as
 * `error`), the others carry on.
 */
export async function applyBrandKits(
  db: Queryable,
  workspaceId: string,
  bodies: readonly unknown[],
  requestKitId: string | undefined,
): Promise<Array<{ body: unknown } | { error: unknown }>> {
  const kitOf = (body: unknown): unknown =>
    typeof body === 'object' && body !== null && 'brand_kit_id' in body ? body.brand_kit_id : requestKitId;
  const ids = [
    ...new Set(
      bodies.map(kitOf).filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)),
    ),
  ];
  const designs = new Map(
    ids.length === 0
      ? []
      : (
          await rows<RowOf<typeof brandKits, 'id' | 'design'>>(
            db,
            'SELECT id, design FROM brand_kits WHERE id = ANY($1::uuid[]) AND workspace_id = $2',
            [ids.map((id) => id.toLowerCase()), workspaceId],
          )
        ).map((r) => [r.id, r.design]),
  );
  return bodies.map((body) => {
    const id = kitOf(body);
    if (typeof id !== 'string') return { body };
    const withKit = typeof body === 'object' && body !== null ? { ...body, brand_kit_id: id } : body;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return { body: withKit };
    const design = designs.get(id.toLowerCase());
    if (design === undefined)
      return {
        error: new NotFoundError({
          message: 'This workspace has no such brand kit.',
          details: [{ field: 'brand_kit_id', issue: 'not_found' }],
        }),
      };
    return { body: withBrandKit(withKit, design) };
  });
}

/** One create body with its brand kit applied (`applyBrandKits` for one). */
export async function applyBrandKit(db: Queryable, workspaceId: string, body: unknown): Promise<unknown> {
  const [applied] = await applyBrandKits(db, workspaceId, [body], undefined);
  if (applied === undefined) return body;
  if ('error' in applied) throw applied.error;
  return applied.body;
}
