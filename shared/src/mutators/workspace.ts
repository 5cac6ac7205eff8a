import { z } from 'zod';
import type { Action } from '../permissions/matrix';
import { syncKeys } from '../sync/keys';
import { workspaceViewSchema } from '../sync/views';
import { defineMutator } from './define';
import { idArg, workspaceArg } from './args';
import {
  brandingSchema,
  holdingPageSchema,
  timeZoneSchema,
  workspaceNameSchema,
} from '../schemas/workspaces';
import { nowIso, patchView } from './client-store';
import { baseArg } from './base';

/** What a settings update may change: the fields a `base` may name (D-500). */
export const WORKSPACE_UPDATABLE = ['name', 'time_zone', 'branding', 'holding_page'] as const;

/** The same field schemas as the REST settings routes (`schemas/workspaces.ts`): strict, short, one level deep. */
export const updateWorkspaceSettingsArgs = z.strictObject({
  workspace_id: workspaceArg,
  name: workspaceNameSchema.optional(),
  time_zone: timeZoneSchema.optional(),
  branding: brandingSchema.optional(),
  holding_page: holdingPageSchema.optional(),
  base: baseArg(WORKSPACE_UPDATABLE),
});

export const updateWorkspaceSettings = defineMutator({
  name: 'updateWorkspaceSettings',
  args: updateWorkspaceSettingsArgs,
  action: 'workspace.update_settings',
  actions: (args) => {
    const actions: Action[] = [];
    if (args.branding !== undefined || args.holding_page !== undefined)
      actions.push('workspace.update_branding');
    if (args.name !== undefined || args.time_zone !== undefined || actions.length === 0)
      actions.push('workspace.update_settings');
    return actions;
  },
  target: (args) => ({ type: 'workspace', id: args.workspace_id }),
  client: async (tx, { workspace_id, base: _base, ...patch }) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await patchView(tx, syncKeys.workspace(workspace_id), workspaceViewSchema, clean, nowIso());
  },
});

/** A refused-change notice the user has read: only its own user may dismiss it. */
export const dismissNoticeArgs = z.object({ id: idArg }).strict();
export const dismissNotice = defineMutator({
  name: 'dismissNotice',
  args: dismissNoticeArgs,
  action: 'capability.check',
  target: 'own_user',
  client: async (tx, { id }) => {
    await tx.del(syncKeys.notice(id));
  },
});

export const workspaceMutators = [updateWorkspaceSettings, dismissNotice] as const;
