import type { RowOf } from '@linkhub/shared/server/db/row';
import type { qrCodes } from '@linkhub/shared/server/db/schema/qr-codes';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { payloadChange, storedPayloadColumn } from './payload-change';
import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import {
  archiveQrCode,
  createQrCode,
  QR_UPDATABLE,
  restoreQrCode,
  updateQrCode,
} from '@linkhub/shared/mutators/qr-codes';
import { one } from '@linkhub/shared/server/db/sql';
import { assertSafeDestination } from '../../kernel/destination-safety';
import { assertPrintableDesign } from './design-check';
import { hostOf, linkHostFor } from '../../kernel/domain-lookup';
import { scheduleRedirectRefresh } from '../../kernel/redirect-cache';
import { insertAddress } from '../../kernel/address-created';
import { snapshotVersionAndAudit } from '../../kernel/support';
import { keepNewerFields, nothingLeft, storedFields } from '../../kernel/field-conflicts';
import { recordChange } from '../../kernel/change-record';
import type { ResourceWebhookEvent } from '../../kernel/webhook-events';
import { QR_CODE_EVENTS } from './webhook-events';
import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import { defineCommand } from '../../kernel/types';

type QrRow = RowOf<
  typeof qrCodes,
  | 'id'
  | 'workspaceId'
  | 'domainId'
  | 'slug'
  | 'title'
  | 'destinationUrl'
  | 'design'
  | 'designRevision'
  | 'payload'
>;

async function loadQr(ctx: CommandContext, workspaceId: string, id: string): Promise<QrRow> {
  const row = await one<QrRow>(
    ctx.tx,
    'SELECT id, workspace_id, domain_id, slug, title, destination_url, design, design_revision, payload FROM qr_codes WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

const describeQr: Command['describe'] = async (ctx, raw) => {
  // The args were refused, possibly by the schema: read them defensively.
  const args = raw as { id?: unknown; workspace_id?: unknown };
  if (typeof args.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(args.id)) return { workspaceId: null };
  const row = await one<RowOf<typeof qrCodes, 'title' | 'slug' | 'workspaceId'>>(
    ctx.tx,
    'SELECT title, slug, workspace_id FROM qr_codes WHERE id = $1',
    [args.id],
  );
  return row && row.workspace_id === args.workspace_id
    ? {
        workspaceId: row.workspace_id,
        resource: { type: 'qr_code', id: args.id, title: row.title ?? row.slug },
      }
    : { workspaceId: null };
};

const INSERT_QR = `INSERT INTO qr_codes (id, workspace_id, domain_id, slug, title, destination_url, design, last_good_destination, last_good_destination_at,
                                      created_by_user_id, updated_by_user_id, payload)
  SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::jsonb, $6::text,
         CASE WHEN $6::text IS NULL THEN NULL ELSE now() END, $8::uuid, $8::uuid, $9::jsonb`;

/**
 * A generated slug is taken by the INSERT itself, after the host-slug lock the slug triggers take
 * (so a racing create of the same slug has committed or rolled back, and this statement sees it):
 * skipped when a link or a QR code holds it on this host, and the caller tries another. A check
 * before the insert, without the lock, let a race end as a 409 on a slug nobody chose.
 */
const INSERT_QR_FREE_SLUG = `${INSERT_QR}
  WHERE NOT EXISTS (SELECT 1 FROM links WHERE domain_id = $3 AND slug = $4)
    AND NOT EXISTS (SELECT 1 FROM qr_slug_reservations WHERE domain_id = $3 AND slug = $4)
  ON CONFLICT (domain_id, slug) DO NOTHING`;
const SLUG_ATTEMPTS = 5;

/**
 * Dynamic QR codes: the slug is reserved forever by the database in the insert's transaction
 * (qr_slug_reservations); re-point, restyle and archive never touch the address, so nothing frees it.
 */
export const createQrCodeCommand = defineCommand(createQrCode, {
  webhookEvent: QR_CODE_EVENTS.created,
  run: async (ctx, args): Promise<CommandResult> => {
    if (args.destination_url !== undefined)
      await assertSafeDestination(args.destination_url, ctx.resolveHost);
    const host = await linkHostFor(ctx, args.workspace_id, args.domain_id);
    const insertWith = async (slug: string, generated: boolean): Promise<CommandResult | null> => {
      await assertPrintableDesign(
        host.hostname,
        slug,
        args.design,
        {
          db: ctx.tx,
          store: ctx.deps.artifacts,
          workspaceId: args.workspace_id,
          addressOf: ctx.addressOf,
          rasteriseSvg: ctx.deps.rasteriseSvg,
        },
        args.payload,
      );
      // The lock the slug triggers take, first: the INSERT's snapshot then sees a racing create's commit.
      if (generated) await ctx.tx.query('SELECT lock_host_slug($1::uuid, $2::text)', [host.id, slug]);
      return insertAddress(
        ctx,
        ctx.deps.cache,
        {
          kind: 'qr_code',
          id: args.id,
          workspaceId: args.workspace_id,
          host: host.hostname,
          slug,
          destinationUrl: args.destination_url ?? null,
          title: args.title,
        },
        {
          text: generated ? INSERT_QR_FREE_SLUG : INSERT_QR,
          values: [
            args.id,
            args.workspace_id,
            host.id,
            slug,
            args.title ?? null,
            args.destination_url ?? null,
            JSON.stringify(args.design ?? {}),
            ctx.by.userId,
            storedPayloadColumn(args.payload),
          ],
        },
      );
    };
    if (args.slug !== undefined) {
      const created = await insertWith(args.slug, false);
      if (!created) throw new Error('createQrCode: the INSERT inserted no row');
      return created;
    }
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
      const created = await insertWith(ctx.deps.generateSlug(), true);
      if (created) return created;
    }
    throw new ConflictError('slug_taken', {
      message: 'No free slug was found on this domain; choose one.',
      details: [{ field: 'slug', issue: 'slug_taken' }],
    });
  },
});

export const updateQrCodeCommand = defineCommand(updateQrCode, {
  webhookEvent: QR_CODE_EVENTS.updated,
  describe: describeQr,
  run: async (ctx, edit) => {
    const before = await loadQr(ctx, edit.workspace_id, edit.id);
    const resource = { type: 'qr_code', id: edit.id, title: before.title ?? before.slug };
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      current: await storedFields(
        ctx,
        edit.base,
        `SELECT ${QR_UPDATABLE.join(', ')} FROM qr_codes WHERE id = $1`,
        [edit.id],
      ),
      resource: { ...resource, workspaceId: edit.workspace_id },
      mutation: updateQrCode.name,
      ref: { id: edit.id, workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['id', 'workspace_id'])) return { workspaceId: edit.workspace_id, resource };
    const change = payloadChange(before, args);
    if (args.design !== undefined || change.symbolChanges)
      await assertPrintableDesign(
        await hostOf(ctx, before.domain_id),
        before.slug,
        args.design ?? before.design,
        {
          db: ctx.tx,
          store: ctx.deps.artifacts,
          workspaceId: args.workspace_id,
          addressOf: ctx.addressOf,
          rasteriseSvg: ctx.deps.rasteriseSvg,
        },
        change.payload,
      );
    if (args.destination_url !== undefined)
      await assertSafeDestination(args.destination_url, ctx.resolveHost);
    await ctx.tx.query(
      `UPDATE qr_codes SET
           last_good_destination = COALESCE($2, last_good_destination),
           last_good_destination_at = CASE WHEN $2::text IS NULL THEN last_good_destination_at ELSE now() END,
           title = CASE WHEN $3::boolean THEN $4 ELSE title END,
           design = COALESCE($5::jsonb, design),
           design_revision = design_revision + CASE WHEN $5::jsonb IS NULL THEN 0 ELSE 1 END,
           current_version = current_version + 1, updated_by_user_id = $6, updated_at = now(),
           payload = CASE WHEN $7::boolean THEN $8::jsonb ELSE payload END,
           destination_url = CASE WHEN $9::boolean THEN NULL ELSE COALESCE($2, destination_url) END
         WHERE id = $1`,
      [
        args.id,
        args.destination_url ?? null,
        args.title !== undefined,
        args.title ?? null,
        args.design === undefined ? null : JSON.stringify(args.design),
        ctx.by.userId,
        args.payload !== undefined,
        storedPayloadColumn(args.payload),
        change.dropsDestination,
      ],
    );
    await recordChange(ctx, {
      workspaceId: args.workspace_id,
      // QR destination changes are kept forever (the audit table forces their retention to NULL).
      action:
        args.destination_url !== undefined || args.payload !== undefined
          ? 'qr_code.destination_changed'
          : 'qr_code.updated',
      resourceType: 'qr_code',
      resourceId: args.id,
      table: 'qr_codes',
      rowId: args.id,
      before,
      fields: ['destination_url', 'title', 'design', 'payload'],
      version: {
        table: 'qr_code_versions',
        ownerColumn: 'qr_code_id',
        source: 'qr_codes',
        id: args.id,
        summary: args.destination_url !== undefined || args.payload !== undefined ? 're-pointed' : 'updated',
      },
    });
    scheduleRedirectRefresh(ctx, ctx.deps.cache, await hostOf(ctx, before.domain_id), before.slug);
    if (args.design !== undefined) {
      ctx.effects.enqueue({
        queue: 'qr-render',
        name: 'qr-render',
        data: { qr_code_id: args.id, version: before.design_revision + 1, format: 'svg' },
        jobId: `qr-render-${args.id}-${before.design_revision + 1}-svg`,
      });
    }
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'qr_code', id: args.id, title: before.title ?? before.slug },
    };
  },
});

const lifecycle = (
  mutator: MutatorDefinition<string, typeof archiveQrCode.args>,
  sql: string,
  auditAction: string,
  webhookEvent: ResourceWebhookEvent,
): Command<typeof archiveQrCode.args> =>
  defineCommand(mutator, {
    describe: describeQr,
    webhookEvent,
    run: async (ctx, args) => {
      const before = await loadQr(ctx, args.workspace_id, args.id);
      await ctx.tx.query(
        `UPDATE qr_codes SET ${sql}, current_version = current_version + 1, updated_by_user_id = $2, updated_at = now() WHERE id = $1`,
        [args.id, ctx.by.userId],
      );
      await snapshotVersionAndAudit(
        ctx,
        {
          table: 'qr_code_versions',
          ownerColumn: 'qr_code_id',
          source: 'qr_codes',
          id: args.id,
          summary: auditAction,
        },
        {
          workspaceId: args.workspace_id,
          action: auditAction,
          resourceType: 'qr_code',
          resourceId: args.id,
        },
      );
      // Archived codes keep resolving through the fallback chain: the payload is rewritten, never deleted.
      scheduleRedirectRefresh(ctx, ctx.deps.cache, await hostOf(ctx, before.domain_id), before.slug);
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return {
        workspaceId: args.workspace_id,
        resource: { type: 'qr_code', id: args.id, title: before.title ?? before.slug },
      };
    },
  });

export const archiveQrCodeCommand = lifecycle(
  archiveQrCode,
  'archived_at = now()',
  'qr_code.archived',
  QR_CODE_EVENTS.archived,
);
export const restoreQrCodeCommand = lifecycle(
  restoreQrCode,
  'archived_at = NULL',
  'qr_code.restored',
  QR_CODE_EVENTS.updated,
);
