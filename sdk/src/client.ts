import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { apiErrorOf, LinkHubApiError } from './errors';
import type { paths } from './generated/openapi';
import { retryingFetch } from './retries';

export type LinkHubClient = Client<paths>;

export type LinkHubOptions = {
  /** The API's origin, e.g. `https://api.linkhub.example` (the paths start with `/v1`). */
  baseUrl: string;
  /** A workspace API key (`lh_…`). */
  apiKey: string;
  /** Attempts after the first for 429/502/503/504 and network errors (default 2). */
  maxRetries?: number;
  /** The longest `Retry-After` worth waiting for, in seconds (default 30). */
  maxRetryDelaySeconds?: number;
  /** The key sent with each POST that has none (default a random UUID). */
  newIdempotencyKey?: () => string;
  fetch?: (request: Request) => Promise<Response>;
  sleep?: (milliseconds: number) => Promise<void>;
};

const wait = (milliseconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * A typed client for /v1: `lh.GET('/v1/links', { params: { query: { limit: 25 } } })`, with the body and
 * parameter types of the OpenAPI document. Every non-2xx answer is thrown as a `LinkHubApiError`; every
 * POST carries an `Idempotency-Key` that its retries reuse.
 */
export function createLinkHubClient(options: LinkHubOptions): LinkHubClient {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const newKey = options.newIdempotencyKey ?? randomUUID;
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(send, {
      maxRetries: options.maxRetries ?? 2,
      maxDelaySeconds: options.maxRetryDelaySeconds ?? 30,
      sleep: options.sleep ?? wait,
    }),
  });
  client.use({
    onRequest({ request }) {
      if (request.method === 'POST' && !request.headers.has('Idempotency-Key'))
        request.headers.set('Idempotency-Key', newKey());
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw await apiErrorOf(response);
      return response;
    },
  });
  return client;
}

/** The body of a successful call (errors were already thrown by the client). */
export async function dataOf<Body>(call: Promise<{ data?: Body; response: Response }>): Promise<Body> {
  const { data, response } = await call;
  if (data === undefined)
    throw new LinkHubApiError({
      status: response.status,
      code: 'unexpected_response',
      message: `HTTP ${response.status} without a body`,
      details: [],
      requestId: response.headers.get('x-request-id'),
      retryAfterSeconds: null,
    });
  return data;
}
