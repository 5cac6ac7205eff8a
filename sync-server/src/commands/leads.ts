import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { leadCaptureJobId } from '@linkhub/shared/leads/tokens';
import { deleteLead } from '@linkhub/shared/mutators/leads';
import { one } from '@linkhub/shared/db/sql';
import { audit } from './support';
import { defineCommand, type Command } from './types';

/** What an erasure reports: the id of the sign-up job that may still be queued for the same address. */
export type LeadErasure = { captureJobId: string };

/**
 * deleteLead (erasure, spec §3.3.11): the lead row is deleted (not soft-deleted: the address must
 * go), with every webhook delivery whose payload names the lead or carries its address, pending or
 * delivered. The audit entry names the lead id, never the address. The caller removes a sign-up
 * still queued for the same page and address (`value.captureJobId`) after the commit.
 */
export function leadCommands(): Command[] {
  const erase = defineCommand(deleteLead, {
    run: async (ctx, args) => {
      const lead = await one<{ id: string; page_id: string; email: string }>(
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
      await audit(ctx, {
        workspaceId: args.workspace_id,
        action: 'lead.erased',
        resourceType: 'lead',
        resourceId: lead.id,
        after: { page_id: lead.page_id },
      });
      const value: LeadErasure = { captureJobId: leadCaptureJobId(lead.page_id, lead.email) };
      return { workspaceId: args.workspace_id, resource: { type: 'lead', id: lead.id }, value };
    },
  });
  return [erase];
}
