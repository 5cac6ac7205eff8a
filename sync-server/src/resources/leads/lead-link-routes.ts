import { Hono, type Context } from 'hono';
import { escapeHtml } from '@linkhub/shared/blocks/escape';
import { one, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import { recordLeadEvent } from '@linkhub/shared/server/webhooks/lead-events';
import { enqueueDeliveries } from '@linkhub/shared/server/webhooks/outbox';
import { LEAD_TOKEN_PATTERN, leadTokenHash } from '@linkhub/shared/server/leads/tokens';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';

/**
 * The links in a lead's mail, public and token-based: `/api/leads/confirm` (double
 * opt-in) and `/api/leads/unsubscribe`. A GET only shows a page with a button, so a mail scanner
 * that follows links confirms or unsubscribes nobody; the POST acts. The unsubscribe POST also
 * takes RFC 8058 one-click requests (`List-Unsubscribe=One-Click`, token in the query). Tokens are
 * compared by their SHA-256 digest; the confirmation token works once, until it expires.
 */
type Action = 'confirm' | 'unsubscribe';

const PAGES = {
  confirm: {
    ask: {
      title: 'Confirm your sign-up',
      message: 'Press the button to confirm this address.',
      button: 'Confirm my sign-up',
    },
    done: {
      title: 'You are subscribed',
      message: 'Thank you: your sign-up is confirmed. Every email has a link to unsubscribe.',
    },
    invalid: {
      title: 'This link does not work',
      message: 'The link has expired or was already used. Sign up again on the page if you still want to.',
    },
  },
  unsubscribe: {
    ask: {
      title: 'Unsubscribe',
      message: 'Press the button to stop receiving emails from this page.',
      button: 'Unsubscribe',
    },
    done: { title: 'You are unsubscribed', message: 'This address will get no more emails from this page.' },
    invalid: {
      title: 'This link does not work',
      message: 'The link is not valid. If you were sent it, the address may already have been removed.',
    },
  },
} as const;

function page(
  c: Context<AppEnv>,
  status: 200 | 400 | 404,
  text: { title: string; message: string },
  form?: { action: Action; token: string; button: string },
): Response {
  const button =
    form === undefined
      ? ''
      : `<form method="post" action="/api/leads/${form.action}"><input type="hidden" name="token" value="${escapeHtml(form.token)}"><button type="submit">${escapeHtml(form.button)}</button></form>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(text.title)}</title></head><body><main><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.message)}</p>${button}</main></body></html>`;
  return c.body(html, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy':
      "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** The lead an unsubscribe token names: the first mail's token, or any later mail's (D-486: every mailed link keeps working). */
const BY_UNSUBSCRIBE_TOKEN =
  'unsubscribe_token_hash = $1 OR id = (SELECT lead_id FROM lead_unsubscribe_tokens WHERE token_hash = $1)';

/** Whether the token (well-formed) names a lead this action can still apply to. */
async function usable(db: Queryable, action: Action, token: string): Promise<boolean> {
  const sql =
    action === 'confirm'
      ? "SELECT 1 AS ok FROM leads WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > now()"
      : `SELECT 1 AS ok FROM leads WHERE ${BY_UNSUBSCRIBE_TOKEN}`;
  return (await one<{ ok: number }>(db, sql, [leadTokenHash(token)])) !== undefined;
}

/** Applies the action; false when the token names no lead it can apply to. */
export async function applyLeadLink(
  deps: Pick<AppDeps, 'pool' | 'jobs' | 'logger'>,
  action: Action,
  token: string,
): Promise<boolean> {
  if (!LEAD_TOKEN_PATTERN.test(token)) return false;
  const hash = leadTokenHash(token);
  if (action === 'confirm') {
    // The confirmation and its `lead.confirmed` webhook deliveries commit together.
    const confirmed = await withTransaction(deps.pool, async (tx) => {
      const row = await one<{ id: string }>(
        tx,
        `UPDATE leads SET status = 'confirmed', confirmed_at = now(), confirm_token_hash = NULL, confirm_expires_at = NULL
          WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > now() RETURNING id`,
        [hash],
      );
      return row ? recordLeadEvent(tx, row.id, 'lead.confirmed') : null;
    });
    if (confirmed === null) return false;
    await enqueueDeliveries(deps.jobs, deps.logger, confirmed);
    return true;
  }
  const row = await one<{ id: string }>(
    deps.pool,
    `UPDATE leads SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, now()), confirm_token_hash = NULL, confirm_expires_at = NULL
      WHERE ${BY_UNSUBSCRIBE_TOKEN} RETURNING id`,
    [hash],
  );
  return row !== undefined;
}

export function leadLinkRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const action of ['confirm', 'unsubscribe'] as const) {
    const text = PAGES[action];
    app.get(`/${action}`, async (c) => {
      const token = c.req.query('token') ?? '';
      if (!LEAD_TOKEN_PATTERN.test(token) || !(await usable(deps.pool, action, token)))
        return page(c, 404, text.invalid);
      return page(c, 200, text.ask, { action, token, button: text.ask.button });
    });
    app.post(`/${action}`, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const token = typeof form.token === 'string' ? form.token : (c.req.query('token') ?? '');
      const applied = await applyLeadLink(deps, action, token);
      return applied ? page(c, 200, text.done) : page(c, 404, text.invalid);
    });
  }
  return app;
}
