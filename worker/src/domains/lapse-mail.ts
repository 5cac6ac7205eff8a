import { one } from '@linkhub/shared/server/db/sql';
import type { WorkerDeps } from '../deps';

/** The owner learns once that a domain's DNS no longer proves control; its links keep working meanwhile. */
export async function tellOwnerVerificationLapsed(
  deps: WorkerDeps,
  domain: { workspace_id: string; hostname: string; record_name: string; token: string },
): Promise<void> {
  const owner = await one<{ email: string; name: string }>(
    deps.pool,
    `SELECT u.email, w.name FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id AND m.role = 'owner' AND m.deleted_at IS NULL
       JOIN users u ON u.id = m.user_id WHERE w.id = $1`,
    [domain.workspace_id],
  );
  if (!owner) return;
  await deps.mailer.send({
    to: owner.email,
    subject: `${domain.hostname} no longer verifies for ${owner.name}`,
    text:
      `LinkHub's daily check of ${domain.hostname} found neither the TXT record ${domain.record_name} = ${domain.token} ` +
      `nor a CNAME of ${domain.hostname} to ${deps.config.LINK_HOST}.\n\n` +
      `Its links and QR codes keep working, but its certificate cannot be renewed while the domain does not point at LinkHub. ` +
      `Put one of the records back; the domain settings show what the last check saw.\n`,
  });
}
