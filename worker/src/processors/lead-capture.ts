import type { bioPages, leads } from '@linkhub/shared/server/db/schema/bio-pages';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { isUuidText } from '@linkhub/shared/server/db/ids';
import { one, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import { leadConfirmationEmail, leadLinks } from '@linkhub/shared/leads/mail';
import { CONFIRMATION_TTL_MS, newLeadToken } from '@linkhub/shared/server/leads/tokens';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { recordLeadEvent } from '@linkhub/shared/server/webhooks/lead-events';
import { recordLeadConversion } from '../experiments/lead-conversion';
import { enqueueDeliveries } from '../webhooks/events';
import type { Processor } from './processor';

type Existing = RowOf<typeof leads, 'id' | 'status' | 'unsubscribeTokenHash'> & { mailed_recently: boolean };

/** One confirmation mail per page and address per this window (D-486): re-submissions inside it send nothing. */
export const CONFIRMATION_MAIL_WINDOW_SECONDS = 24 * 60 * 60;

/** What became of one sign-up (the job's return value: no address in it). */
export type LeadCaptureResult =
  | { stored: false; reason: 'page_gone' | 'already_confirmed' }
  | { stored: true; lead_id: string; status: 'pending' | 'confirmed'; mailed: boolean };

/**
 * `lead-capture` (enqueued by the edge's sign-up form): stores the lead with the consent text the
 * visitor was shown and the page's published revision. Double opt-in: the lead is `pending` with a
 * single-use confirmation token (7 days), and the confirmation mail leaves after the commit. At
 * most one confirmation mail goes to one address for one page per CONFIRMATION_MAIL_WINDOW_SECONDS
 * (D-486): a pending re-submission inside it changes nothing and sends nothing (the visitor is
 * answered the same at the edge), so the form cannot be used to flood a mailbox. A mail that
 * fails to leave gives its slot back, so the job's retry mails. No unsubscribe link ever mailed
 * stops working: a later mail's token is added beside the first. A confirmed address signing up
 * again changes nothing; an unsubscribed one signs up afresh. Conversions are read from these rows
 * (page and block, time): nothing about the visitor is stored beyond the address they typed.
 */
export const leadCapture: Processor<'lead-capture'> = async (
  data,
  _job,
  deps,
): Promise<LeadCaptureResult> => {
  const page = await one<RowOf<typeof bioPages, 'title' | 'handle'>>(
    deps.pool,
    'SELECT title, handle FROM bio_pages WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [data.page_id, data.workspace_id],
  );
  if (!page) return { stored: false, reason: 'page_gone' };
  const confirm = data.double_opt_in ? newLeadToken() : null;
  const unsubscribe = newLeadToken();
  const status = confirm === null ? 'confirmed' : 'pending';
  const expires = confirm === null ? null : new Date(Date.now() + CONFIRMATION_TTL_MS);
  const blockId = isUuidText(data.block_id) ? data.block_id : null;

  // lead.created (and lead.confirmed without double opt-in) commit with the lead.
  const deliveries: JobRequest[] = [];
  const emit = async (tx: Queryable, leadId: string) => {
    deliveries.push(...(await recordLeadEvent(tx, leadId, 'lead.created')));
    if (status === 'confirmed') deliveries.push(...(await recordLeadEvent(tx, leadId, 'lead.confirmed')));
  };
  const outcome = await withTransaction(deps.pool, async (tx): Promise<LeadCaptureResult> => {
    // The sign-up converts the link or QR test that brought the visitor, whatever becomes of the address (D-321).
    if (data.click_id !== undefined)
      await recordLeadConversion(
        tx,
        data.workspace_id,
        data.click_id,
        clickIdKeyring(deps.config),
        new Date(),
        deliveries,
      );
    const existing = await one<Existing>(
      tx,
      `SELECT id, status, unsubscribe_token_hash,
              coalesce(confirm_mailed_at > now() - make_interval(secs => $3), false) AS mailed_recently
         FROM leads WHERE page_id = $1 AND email = lower(btrim($2)) AND deleted_at IS NULL FOR UPDATE`,
      [data.page_id, data.email, CONFIRMATION_MAIL_WINDOW_SECONDS],
    );
    if (existing?.status === 'confirmed') return { stored: false, reason: 'already_confirmed' };
    // Pending and mailed within the window: the earlier mail (and both its links) still stands.
    if (existing?.status === 'pending' && existing.mailed_recently && confirm !== null)
      return { stored: true, lead_id: existing.id, status: 'pending', mailed: false };
    const values = [
      data.consent_text,
      data.submitted_at,
      data.page_revision,
      status,
      confirm?.hash ?? null,
      expires,
      unsubscribe.hash,
    ];
    if (existing) {
      // The first mail's unsubscribe token stays; this mail's is added beside it (every link keeps working).
      await tx.query(
        `UPDATE leads SET consent_text = $1, consented_at = $2, page_revision = $3, status = $4, confirm_token_hash = $5,
                confirm_expires_at = $6, unsubscribe_token_hash = coalesce(unsubscribe_token_hash, $7), unsubscribed_at = NULL,
                confirmed_at = CASE WHEN $4 = 'confirmed' THEN now() END,
                confirm_mailed_at = CASE WHEN $5::text IS NOT NULL THEN now() ELSE confirm_mailed_at END
          WHERE id = $8`,
        [...values, existing.id],
      );
      if (existing.unsubscribe_token_hash !== null && confirm !== null)
        await tx.query('INSERT INTO lead_unsubscribe_tokens (token_hash, lead_id) VALUES ($1, $2)', [
          unsubscribe.hash,
          existing.id,
        ]);
      await emit(tx, existing.id);
      return { stored: true, lead_id: existing.id, status, mailed: confirm !== null };
    }
    const inserted = await one<{ id: string }>(
      tx,
      `INSERT INTO leads (consent_text, consented_at, page_revision, status, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash,
                          confirmed_at, confirm_mailed_at, workspace_id, page_id, block_id, email, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $4 = 'confirmed' THEN now() END,
               CASE WHEN $5::text IS NOT NULL THEN now() END, $8, $9,
               (SELECT id FROM bio_blocks WHERE id = $10::uuid AND page_id = $9), $11, $12)
       RETURNING id`,
      [...values, data.workspace_id, data.page_id, blockId, data.email, JSON.stringify({ via: 'bio_page' })],
    );
    if (!inserted) throw new Error('lead insert returned no row');
    await emit(tx, inserted.id);
    return { stored: true, lead_id: inserted.id, status, mailed: confirm !== null };
  });

  await enqueueDeliveries(deps, deliveries);
  if (outcome.stored && outcome.mailed && confirm !== null) {
    const links = leadLinks(deps.config.PUBLIC_PWA_URL, {
      confirm: confirm.token,
      unsubscribe: unsubscribe.token,
    });
    if (links.confirm === null) throw new Error('confirmation link missing');
    try {
      await deps.mailer.send(
        leadConfirmationEmail(data.email, {
          pageTitle: page.title,
          pageHandle: page.handle,
          confirmUrl: links.confirm,
          unsubscribeUrl: links.unsubscribe,
        }),
      );
    } catch (err) {
      // Not sent: the window's slot is given back, so the job's retry mails (with a new link).
      await deps.pool.query(
        'UPDATE leads SET confirm_mailed_at = NULL WHERE id = $1 AND confirm_token_hash = $2',
        [outcome.lead_id, confirm.hash],
      );
      throw err;
    }
  }
  return outcome;
};

/** Unconfirmed leads whose link has expired are deleted (the address goes with them). */
export async function expireUnconfirmedLeads(pool: Queryable, now: Date): Promise<number> {
  const deleted = await one<{ n: string }>(
    pool,
    "WITH gone AS (DELETE FROM leads WHERE status = 'pending' AND confirm_expires_at < $1 RETURNING 1) SELECT count(*) AS n FROM gone",
    [now],
  );
  return Number(deleted?.n ?? 0);
}

/** `lead-expiry` (hourly): deletes unconfirmed leads past their confirmation window. */
export const leadExpiry: Processor<'lead-expiry'> = async (_data, _job, deps) => ({
  deleted: await expireUnconfirmedLeads(deps.pool, new Date()),
});
