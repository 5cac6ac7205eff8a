import { linkRowSchema, workspaceRowSchema } from '@linkhub/shared/cache/build-payload';
import { scheduleRedirectRefresh, scheduleRedirectWrite } from './redirect-cache';
import { auditInsert } from '../identity/audit';
import { grantToCreator, withConflicts } from './support';
import type { CacheDeps } from './redirect-cache';
import type { CommandContext, CommandResult } from './types';

/** Links and QR codes share one namespace per host; how either is created and recorded is the same. */
const KINDS = {
  link: { versions: 'link_versions', owner: 'link_id', table: 'links' },
  qr_code: { versions: 'qr_code_versions', owner: 'qr_code_id', table: 'qr_codes' },
} as const;

export type CreatedAddress = {
  kind: keyof typeof KINDS;
  id: string;
  workspaceId: string;
  host: string;
  slug: string;
  destinationUrl: string | null;
  title: string | undefined;
};

/** The created row's workspace, as REDIRECT_SQL reads it (`to_jsonb`), beside the row's own columns. */
const WORKSPACE_COLUMN = 'created_in_workspace';

/** A parameterised INSERT of the link or QR row (no RETURNING: the statement below adds it). */
export type AddressInsert = { text: string; values: unknown[] };

/**
 * Inserts the address and records its creation in one statement — the row, its first version
 * snapshot, its audit entry; the statement answers the row as inserted, so a REST caller needs no
 * second read — then the creator's auto-grant, cache write-through and poke. Null when
 * the INSERT inserted nothing (a generated slug that `ON CONFLICT DO NOTHING` skipped: the caller
 * tries another); a constraint a user can act on (slug taken, reserved) is the envelope's 409.
 */
export async function insertAddress(
  ctx: CommandContext,
  cache: CacheDeps,
  created: CreatedAddress,
  insert: AddressInsert,
): Promise<CommandResult | null> {
  const kind = KINDS[created.kind];
  const n = insert.values.length;
  const auditRow = auditInsert(
    {
      workspaceId: created.workspaceId,
      actor: ctx.by.audit,
      requestId: ctx.requestId,
      action: `${created.kind}.created`,
      resourceType: created.kind,
      resourceId: created.id,
      after: { slug: created.slug, host: created.host, destination_url: created.destinationUrl },
    },
    n + 2,
  );
  const recorded = await withConflicts(() =>
    ctx.tx.query<Record<string, unknown>>(
      `WITH created AS (${insert.text} RETURNING *),
       version AS (
         INSERT INTO ${kind.versions} (${kind.owner}, workspace_id, version, snapshot, change_summary, created_by_user_id)
         SELECT c.id, c.workspace_id, c.current_version, to_jsonb(c), 'created', $${n + 1}::uuid FROM created c
       ),
       audit AS (${auditRow.text} FROM created)
       SELECT c.*, to_jsonb(w) AS ${WORKSPACE_COLUMN} FROM created c JOIN workspaces w ON w.id = c.workspace_id`,
      [...insert.values, ctx.by.userId, ...auditRow.values],
    ),
  );
  const [recordedRow] = recorded.rows;
  if (recordedRow === undefined) return null;
  const { [WORKSPACE_COLUMN]: workspace, ...row } = recordedRow;
  await grantToCreator(ctx, created.workspaceId, created.kind, created.id);
  // A new link's payload is its row and its workspace's (no QR code or experiment points at it yet);
  // a QR code's payload may carry a pinned link, read after commit.
  if (created.kind === 'link')
    scheduleRedirectWrite(ctx, cache, {
      host: created.host,
      slug: created.slug,
      workspace: workspaceRowSchema.parse(workspace),
      link: linkRowSchema.parse(row),
      qr: null,
      experiment: null,
    });
  else scheduleRedirectRefresh(ctx, cache, created.host, created.slug);
  ctx.effects.poke({ workspaceId: created.workspaceId });
  return {
    workspaceId: created.workspaceId,
    resource: { type: created.kind, id: created.id, title: created.title ?? created.slug },
    value: { slug: created.slug, host: created.host },
    row,
  };
}
