import type { Context } from 'hono';
import { renderNoticePage, type NoticePage } from '@linkhub/shared/blocks/render-notice-page';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { createNonce, htmlHeaders, PRIVATE_CACHE_CONTROL } from './bio-page-headers';

/** The bio pages' plain answers: a notice page, not found, temporarily unavailable. */
export type BioNotices = {
  notice(
    c: Context,
    status: 400 | 404 | 429 | 503 | 200,
    page: Omit<NoticePage, 'nonce'>,
    headers?: Record<string, string>,
  ): Response;
  notFound(c: Context): Response;
  unavailable(c: Context, err: unknown): Response;
};

export function createBioNotices(log: Logger): BioNotices {
  function notice(
    c: Context,
    status: 400 | 404 | 429 | 503 | 200,
    page: Omit<NoticePage, 'nonce'>,
    headers: Record<string, string> = {},
  ): Response {
    const nonce = createNonce();
    return c.body(renderNoticePage({ ...page, nonce }), status, {
      ...htmlHeaders(nonce, PRIVATE_CACHE_CONTROL),
      ...headers,
    });
  }
  return {
    notice,
    notFound: (c) =>
      notice(c, 404, {
        title: 'Page not found',
        message:
          'There is no published page at this address. Check the link for a typo, or ask its owner for a new one.',
      }),
    unavailable(c, err) {
      log.error({ err }, 'bio page lookup failed');
      return notice(c, 503, {
        title: 'Temporarily unavailable',
        message: 'This page could not be loaded just now. Please try again in a moment.',
      });
    },
  };
}
