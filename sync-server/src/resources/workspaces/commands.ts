import type { syncNotices } from '@linkhub/shared/server/db/schema/sync';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { dismissNotice, updateWorkspaceSettings } from '@linkhub/shared/mutators/workspace';
import { one } from '@linkhub/shared/server/db/sql';
import { scheduleCacheRefreshJob } from '../../kernel/redirect-cache';
import { keepNewerFields, nothingLeft } from '../../kernel/field-conflicts';
import { recordChange } from '../../kernel/change-record';
import { defineCommand } from '../../kernel/types';
import { assertSafeDestination } from '../../kernel/destination-safety';

/** The settings a workspace's history records field by field (D-505). */
const WORKSPACE_FIELDS = ['name', 'time_zone', 'branding', 'holding_page'] as const;

export const updateWorkspaceSettingsCommand = defineCommand(updateWorkspaceSettings, {
  run: async (ctx, edit) => {
    const stored = await one<{ name: string } & Record<string, unknown>>(
      ctx.tx,
      `SELECT ${WORKSPACE_FIELDS.join(', ')} FROM workspaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [edit.workspace_id],
    );
    if (!stored) throw new NotFoundError();
    const resource = { type: 'workspace', id: edit.workspace_id, title: stored.name };
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      current: stored,
      merged: ['branding', 'holding_page'],
      resource: { ...resource, workspaceId: edit.workspace_id },
      mutation: updateWorkspaceSettings.name,
      ref: { workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['workspace_id'])) return { workspaceId: edit.workspace_id, resource };
    // The workspace's default for ended links is where visitors are sent: checked like a destination (D-616).
    const expiredUrl = args.holding_page?.expired_url;
    if (expiredUrl) await assertSafeDestination(expiredUrl, ctx.resolveHost, 'holding_page.expired_url');
    const updated = await one<{ name: string }>(
      ctx.tx,
      `UPDATE workspaces SET name = COALESCE($2, name), time_zone = COALESCE($3, time_zone),
                branding = CASE WHEN $4::jsonb IS NULL THEN branding ELSE branding || $4::jsonb END,
                holding_page = CASE WHEN $5::jsonb IS NULL THEN holding_page ELSE holding_page || $5::jsonb END
          WHERE id = $1 AND deleted_at IS NULL RETURNING name`,
      [
        args.workspace_id,
        args.name ?? null,
        args.time_zone ?? null,
        args.branding === undefined ? null : JSON.stringify(args.branding),
        args.holding_page === undefined ? null : JSON.stringify(args.holding_page),
      ],
    );
    if (!updated) throw new NotFoundError();
    await recordChange(ctx, {
      workspaceId: args.workspace_id,
      action: 'workspace.settings_changed',
      resourceType: 'workspace',
      resourceId: args.workspace_id,
      table: 'workspaces',
      rowId: args.workspace_id,
      before: stored,
      fields: WORKSPACE_FIELDS,
      perKey: ['branding', 'holding_page'],
    });
    // Every payload of the workspace carries its name, holding page and time zone (QR keys have no TTL).
    if (args.name !== undefined || args.time_zone !== undefined || args.holding_page !== undefined)
      scheduleCacheRefreshJob(ctx, { kind: 'resource', resource_type: 'workspace', id: args.workspace_id });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'workspace', id: args.workspace_id, title: updated.name },
    };
  },
});

/** A notice belongs to one user; dismissing someone else's answers like a missing one. */
export const dismissNoticeCommand = defineCommand(dismissNotice, {
  run: async (ctx, args) => {
    const row = await one<RowOf<typeof syncNotices, 'workspaceId'>>(
      ctx.tx,
      'UPDATE sync_notices SET deleted_at = now(), read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING workspace_id',
      [args.id, ctx.by.userId],
    );
    if (!row) throw new NotFoundError();
    ctx.effects.poke({ userId: ctx.by.userId });
    return { workspaceId: row.workspace_id ?? '' };
  },
});
