import type { components } from './generated/openapi';

/** The one error envelope every LinkHub service answers with. */
export type ErrorEnvelope = components['schemas']['Error'];
export type ErrorCode = ErrorEnvelope['error']['code'];
export type ErrorDetail = ErrorEnvelope['error']['details'][number];

/** A refusal or failure answered by the API, with the envelope's code, details and request id. */
export class LinkHubApiError extends Error {
  override readonly name = 'LinkHubApiError';
  readonly status: number;
  /** The envelope's code, or `unexpected_response` when the answer was not an envelope (a proxy's page). */
  readonly code: ErrorCode | 'unexpected_response';
  readonly details: ErrorDetail[];
  readonly requestId: string | null;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | 'unexpected_response';
    message: string;
    details: ErrorDetail[];
    requestId: string | null;
    retryAfterSeconds: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEnvelope(body: unknown): body is ErrorEnvelope {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const { code, message, details } = body.error;
  return typeof code === 'string' && typeof message === 'string' && Array.isArray(details);
}

/** `Retry-After` as seconds: either delay-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error a non-2xx response stands for; reads the body once. */
export async function apiErrorOf(response: Response): Promise<LinkHubApiError> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: something between us and the API answered (a proxy, a load balancer).
  }
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (isEnvelope(body)) {
    return new LinkHubApiError({
      status: response.status,
      code: body.error.code,
      message: body.error.message,
      details: body.error.details,
      requestId: body.error.request_id,
      retryAfterSeconds: retryAfter,
    });
  }
  return new LinkHubApiError({
    status: response.status,
    code: 'unexpected_response',
    message: `HTTP ${response.status}: ${text.slice(0, 200) || response.statusText}`,
    details: [],
    requestId: response.headers.get('x-request-id'),
    retryAfterSeconds: retryAfter,
  });
}
