import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import type { leads } from '@linkhub/shared/server/db/schema/bio-pages';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { leadCaptureJobId } from '@linkhub/shared/server/leads/tokens';
import { deleteLead } from '@linkhub/shared/mutators/leads';
import { one, rows } from '@linkhub/shared/server/db/sql';
import { audit } from '../../kernel/support';
import { defineCommand } from '../../kernel/types';

/** What an erasure reports: the sign-up job that may still be queued for the address, and the export files to delete. */
export type LeadErasure = { captureJobId: string; exportFiles: string[] };

/**
 * deleteLead (erasure, docs/product-rules.md#personal-data): the lead row is deleted (not soft-deleted: the address must
 * go), with every webhook delivery whose payload names the lead or carries its address, pending or
 * delivered, and every leads CSV export of the workspace (running ones are withdrawn, finished ones
 * expire: their files go with the nightly sweep and their links answer 410 at once). The audit entry names the lead id, never the address. The caller removes a sign-up
 * still queued for the same page and address (`value.captureJobId`) and the withdrawn export files
 * (`value.exportFiles`) after the commit.
 */
export const deleteLeadCommand = defineCommand(deleteLead, {
  run: async (ctx, args) => {
    const lead = await one<RowOf<typeof leads, 'id' | 'pageId' | 'email'>>(
      ctx.tx,
      'DELETE FROM leads WHERE id = $1 AND workspace_id = $2 RETURNING id, page_id, email',
      [args.id, args.workspace_id],
    );
    if (!lead) throw new NotFoundError();
    await ctx.tx.query(
      `DELETE FROM webhook_deliveries
          WHERE workspace_id = $1
            AND (payload @> jsonb_build_object('data', jsonb_build_object('id', $2::text))
              OR payload @> jsonb_build_object('data', jsonb_build_object('email', $3::text)))`,
      [args.workspace_id, lead.id, lead.email],
    );
    // A leads export may hold the address: running ones stop (the worker drops their file), finished ones expire.
    const withdrawn = await rows<RowOf<typeof exportJobs, 'storageKey'>>(
      ctx.tx,
      `UPDATE export_jobs SET status = CASE WHEN status = 'succeeded' THEN 'expired' ELSE 'failed' END,
                error = CASE WHEN status = 'succeeded' THEN error ELSE 'withdrawn: a lead was erased while it ran' END,
                finished_at = coalesce(finished_at, now())
          WHERE workspace_id = $1 AND kind = 'leads_csv' AND status IN ('queued', 'running', 'succeeded')
          RETURNING storage_key`,
      [args.workspace_id],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'lead.erased',
      resourceType: 'lead',
      resourceId: lead.id,
      after: { page_id: lead.page_id },
    });
    const value: LeadErasure = {
      captureJobId: leadCaptureJobId(lead.page_id, lead.email),
      exportFiles: withdrawn.flatMap((w) => (w.storage_key === null ? [] : [w.storage_key])),
    };
    return { workspaceId: args.workspace_id, resource: { type: 'lead', id: lead.id }, value };
  },
});
