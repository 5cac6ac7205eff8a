import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BlockOf, PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { verifyClickId } from '@linkhub/shared/server/experiments/click-id';
import type { ClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { SubscribeStatus } from '@linkhub/shared/leads/consent';
import { publicMessage, type PublicMessageKey } from '@linkhub/shared/page-language/public-messages';
import { emailSchema } from '@linkhub/shared/schemas/common';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { SubscribeResult } from '../leads/lead-capture';
import type { BioNotices } from './bio-page-notices';
import { PRIVATE_CACHE_CONTROL } from './bio-page-headers';
import type { BioPageDeps } from './bio-page-types';

const SUBSCRIBE_BODY_LIMIT = 8 * 1024;

/**
 * An A/B test click id (`lh_click`) LinkHub signed and that has not expired, or null: anything else
 * (forged, altered, stale) is ignored, never an error, and never carried into a sign-up (D-491).
 */
export function clickIdOf(value: unknown, keys: ClickIdKeyring | undefined, now: Date): string | null {
  if (typeof value !== 'string' || keys === undefined) return null;
  return verifyClickId(keys, value, now).ok ? value : null;
}

/** A published page found by host and handle, or the answer to give instead. */
export type FoundPage = (
  c: Context,
  host: string | null,
  handle: string,
) => Promise<{ host: string; page: PageSnapshot } | Response>;

/** `POST /{handle}/subscribe`: the email-capture form, with a body limit before anything is read. */
export function createBioSubscribe(deps: {
  found: FoundPage;
  notices: BioNotices;
  onSubscribe: BioPageDeps['onSubscribe'];
  clickIdKeys: BioPageDeps['clickIdKeys'];
  log: Logger;
}): (c: Context, host: string | null, handle: string) => Promise<Response> {
  const { found, notices, log } = deps;

  /** The sign-up's answer: JSON for the in-place script, a page (or a 303 back) for a plain form. */
  function subscribeAnswer(
    c: Context,
    page: PageSnapshot,
    blockId: string | null,
    answer: SubscribeAnswer,
  ): Response {
    // The visitor reads the page's language (D-602).
    const say = (key: PublicMessageKey) => publicMessage(page.lang, key);
    const back = { href: pageHref(page), label: say('back_to_page') };
    if (wantsJson(c)) {
      const headers: Record<string, string> = { 'Cache-Control': PRIVATE_CACHE_CONTROL };
      if (answer.kind === 'status')
        return c.json(
          { data: { status: answer.status, message: say(`subscribe_${answer.status}`) } },
          200,
          headers,
        );
      if (answer.retryAfter !== undefined) headers['Retry-After'] = String(answer.retryAfter);
      const error = {
        code: answer.code,
        message: say(answer.message),
        details: answer.field === undefined ? [] : [{ field: answer.field, issue: 'invalid' }],
        request_id: randomUUID(),
      };
      return c.json({ error }, answer.status, headers);
    }
    if (answer.kind === 'status') {
      const query = `?subscribe=${answer.status}${blockId === null ? '' : `&block=${encodeURIComponent(blockId)}`}`;
      const anchor = blockId === null ? '' : `#b-${encodeURIComponent(blockId)}-s`;
      return c.body(null, 303, {
        Location: `${pageHref(page)}${query}${anchor}`,
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      });
    }
    const headers: Record<string, string> =
      answer.retryAfter === undefined ? {} : { 'Retry-After': String(answer.retryAfter) };
    return notices.notice(
      c,
      answer.status,
      {
        title: say(answer.title),
        message: say(answer.message),
        theme: page.theme,
        lang: page.lang,
        link: back,
      },
      headers,
    );
  }

  async function subscribe(c: Context, host: string | null, handle: string): Promise<Response> {
    const answer = await found(c, host, handle);
    if (answer instanceof Response) return answer;
    const { page } = answer;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const block = page.blocks.find(
      (b): b is BlockOf<'email_capture'> => b.id === form.block_id && b.type === 'email_capture',
    );
    if (block === undefined) return notices.notFound(c);
    const reply = (a: SubscribeAnswer): Response => subscribeAnswer(c, page, block.id, a);
    const email = emailSchema.safeParse(typeof form.email === 'string' ? form.email : '');
    if (!email.success) return reply(REFUSALS.email);
    if (form.consent !== 'yes') return reply(REFUSALS.consent);
    // The consent text agreed to must be the one published now (the page may have changed since it loaded).
    if (typeof form.rev === 'string' && page.revision !== undefined && form.rev !== String(page.revision))
      return reply({ kind: 'status', status: 'changed' });
    // The honeypot: a field no person sees. A bot that filled it is thanked, and nothing is kept.
    if (typeof form.website === 'string' && form.website !== '')
      return reply({ kind: 'status', status: block.data.double_opt_in === true ? 'pending' : 'subscribed' });
    if (deps.onSubscribe === undefined) return reply(REFUSALS.closed);
    let result: SubscribeResult;
    try {
      result = await deps.onSubscribe({
        c,
        host: answer.host,
        page,
        variantId: null,
        block,
        email: email.data,
        clickId: clickIdOf(form.lh_click, deps.clickIdKeys, new Date()),
      });
    } catch (err) {
      log.error({ err }, 'sign-up failed');
      return reply(REFUSALS.busy(60));
    }
    switch (result.kind) {
      case 'accepted':
        return reply({ kind: 'status', status: result.outcome === 'pending' ? 'pending' : 'subscribed' });
      case 'throttled':
        return reply({ ...REFUSALS.throttled, retryAfter: result.retryAfterSeconds });
      case 'unavailable':
        return reply(REFUSALS.busy(result.retryAfterSeconds));
    }
  }

  const limitBody = bodyLimit({
    maxSize: SUBSCRIBE_BODY_LIMIT,
    onError: (c) =>
      notices.notice(c, 400, {
        title: publicMessage('en', 'refusal_too_large_title'),
        message: publicMessage('en', 'refusal_too_large_message'),
      }),
  });
  return async function limitedSubscribe(c: Context, host: string | null, handle: string): Promise<Response> {
    let answer: Response | undefined;
    const refused = await limitBody(c, async () => {
      answer = await subscribe(c, host, handle);
    });
    return refused instanceof Response ? refused : (answer ?? notices.notFound(c));
  };
}

/** What a sign-up answers: a status (the page shows it), or a refusal with its page or envelope. */
type SubscribeAnswer =
  | { kind: 'status'; status: SubscribeStatus }
  | {
      kind: 'refused';
      status: 400 | 429 | 503;
      code: 'validation_failed' | 'rate_limited' | 'service_unavailable';
      title: PublicMessageKey;
      message: PublicMessageKey;
      field?: string;
      retryAfter?: number;
    };

const REFUSALS = {
  email: {
    kind: 'refused',
    status: 400,
    code: 'validation_failed',
    field: 'email',
    title: 'refusal_email_title',
    message: 'refusal_email_message',
  },
  consent: {
    kind: 'refused',
    status: 400,
    code: 'validation_failed',
    field: 'consent',
    title: 'refusal_consent_title',
    message: 'refusal_consent_message',
  },
  closed: {
    kind: 'refused',
    status: 503,
    code: 'service_unavailable',
    title: 'refusal_closed_title',
    message: 'refusal_closed_message',
  },
  throttled: {
    kind: 'refused',
    status: 429,
    code: 'rate_limited',
    title: 'refusal_throttled_title',
    message: 'refusal_throttled_message',
  },
  busy: (retryAfter: number): SubscribeAnswer => ({
    kind: 'refused',
    status: 503,
    code: 'service_unavailable',
    title: 'refusal_busy_title',
    message: 'subscribe_busy',
    retryAfter,
  }),
} as const satisfies Record<string, SubscribeAnswer | ((n: number) => SubscribeAnswer)>;

/** The in-place script asks for JSON; a plain form post gets pages. */
function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

function pageHref(page: PageSnapshot): string {
  return `/${encodeURIComponent(page.handle)}`;
}
