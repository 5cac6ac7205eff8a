import { z } from 'zod';
import type { Action } from '../permissions/matrix';
import { syncKeys } from '../sync/keys';
import { qrViewSchema, type QrView } from '../sync/views';
import { defineMutator } from './define';
import { baseArg } from './base';
import { idArg, slugArg, urlArg, workspaceArg } from './args';
import { titleSchema } from '../schemas/common';
import { qrDesignArgSchema } from '../schemas/qr-design';
import { linkDomainFor, nowIso, patchView } from './client-store';
import { destinationFitsPayload, qrPayloadSchema } from '../qr/payload/schema';

const ref = { id: idArg, workspace_id: workspaceArg };

/** The REST fields (`schemas/qr-codes.ts`); the design in the stored (camelCase) spelling, strict at every depth. */
export const createQrCodeArgs = z
  .strictObject({
    ...ref,
    payload: qrPayloadSchema.optional(),
    destination_url: urlArg.optional(),
    slug: slugArg.optional(),
    domain_id: idArg.optional(),
    title: titleSchema.optional(),
    design: qrDesignArgSchema.optional(),
  })
  .superRefine(destinationFitsPayload);
/** What an update may change: the fields a `base` may name (D-500). */
export const QR_UPDATABLE = ['destination_url', 'title', 'design', 'payload'] as const;
/** Re-point and restyle; a QR code's host and slug never change once created (it may be printed). */
export const updateQrCodeArgs = z.strictObject({
  ...ref,
  payload: qrPayloadSchema.optional(),
  destination_url: urlArg.optional(),
  title: titleSchema.nullable().optional(),
  design: qrDesignArgSchema.optional(),
  base: baseArg(QR_UPDATABLE),
});
export const qrRefArgs = z.object(ref).strict();

export const createQrCode = defineMutator({
  name: 'createQrCode',
  args: createQrCodeArgs,
  action: 'qr_code.create',
  client: async (tx, args) => {
    const domain = await linkDomainFor(tx, args.domain_id);
    const now = nowIso();
    const view: QrView = {
      id: args.id,
      workspace_id: args.workspace_id,
      domain_id: domain?.id ?? args.domain_id ?? '',
      host: domain?.hostname ?? '',
      slug: args.slug ?? '',
      title: args.title ?? null,
      destination_url: args.destination_url ?? null,
      payload: args.payload === undefined || args.payload.type === 'url' ? null : args.payload,
      status: 'active',
      archived_at: null,
      locked: false,
      design: args.design ?? {},
      design_revision: 1,
      last_good_destination: args.destination_url ?? null,
      created_at: now,
      updated_at: now,
    };
    await tx.set(syncKeys.qr(args.id), view);
  },
});

export const updateQrCode = defineMutator({
  name: 'updateQrCode',
  args: updateQrCodeArgs,
  action: 'qr_code.update',
  actions: (args) => {
    const actions: Action[] = [];
    if (args.destination_url !== undefined || args.payload !== undefined)
      actions.push('qr_code.update_destination');
    if (args.design !== undefined) actions.push('qr_code.update_design');
    if (args.title !== undefined || actions.length === 0) actions.push('qr_code.update');
    return actions;
  },
  target: (args) => ({ type: 'qr_code', id: args.id }),
  client: async (tx, { id, workspace_id: _ws, base: _base, payload, ...patch }) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    // A URL code is stored without a payload; any other type has no destination (D-570).
    const carried =
      payload === undefined
        ? {}
        : payload.type === 'url'
          ? { payload: null }
          : { payload, destination_url: null };
    await patchView(tx, syncKeys.qr(id), qrViewSchema, { ...clean, ...carried }, nowIso());
  },
});

export const archiveQrCode = defineMutator({
  name: 'archiveQrCode',
  args: qrRefArgs,
  action: 'qr_code.archive',
  target: (args) => ({ type: 'qr_code', id: args.id }),
  client: async (tx, { id }) =>
    patchView(tx, syncKeys.qr(id), qrViewSchema, { archived_at: nowIso() }, nowIso()),
});

export const restoreQrCode = defineMutator({
  name: 'restoreQrCode',
  args: qrRefArgs,
  action: 'qr_code.unarchive',
  target: (args) => ({ type: 'qr_code', id: args.id }),
  client: async (tx, { id }) => patchView(tx, syncKeys.qr(id), qrViewSchema, { archived_at: null }, nowIso()),
});

export const qrMutators = [createQrCode, updateQrCode, archiveQrCode, restoreQrCode] as const;
