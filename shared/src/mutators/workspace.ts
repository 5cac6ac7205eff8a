import { z } from 'zod';
import { syncKeys } from '../sync/keys';
import { workspaceViewSchema } from '../sync/views';
import { defineMutator } from './define';
import { idArg, jsonObjectArg, workspaceArg } from './args';
import { nowIso, patchView } from './client-store';

export const updateWorkspaceSettingsArgs = z
  .object({
    workspace_id: workspaceArg,
    name: z.string().trim().min(1).max(120).optional(),
    time_zone: z
      .string()
      .min(1)
      .max(64)
      .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', 'Unknown time zone')
      .optional(),
    branding: jsonObjectArg.optional(),
    holding_page: jsonObjectArg.optional(),
  })
  .strict();

export const updateWorkspaceSettings = defineMutator({
  name: 'updateWorkspaceSettings',
  args: updateWorkspaceSettingsArgs,
  action: 'workspace.update_settings',
  client: async (tx, { workspace_id, ...patch }) => {
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
  client: async (tx, { id }) => {
    await tx.del(syncKeys.notice(id));
  },
});

export const workspaceMutators = [updateWorkspaceSettings, dismissNotice] as const;
