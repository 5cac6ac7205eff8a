import { platform } from '../platform/bridge';
import { ApiError, type ApiErrorDetail } from './api-error';

export { ApiError } from './api-error';

type Envelope = { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } };

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

/** Calls a sync-server route with the session (bearer token when known, else the cookie); returns `data`. */
export async function api<T>(path: string, init: Init = {}): Promise<T> {
  return (await apiEnvelope<T>(path, init)).data;
}

/** As api(), with the envelope's `meta` too (a list's `next_cursor`). */
export async function apiEnvelope<T>(
  path: string,
  init: Init = {},
): Promise<{ data: T; meta: { next_cursor?: string | null } }> {
  const token = await platform().secureToken.get();
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'No connection to the server. Try again when you are online.', []);
  }
  const text = await response.text();
  const json: unknown = text === '' ? {} : safeJson(text);
  if (!response.ok) throw refusalOf(response.status, json);
  const envelope = json as { data: T; meta?: { next_cursor?: string | null } };
  return { data: envelope.data, meta: envelope.meta ?? {} };
}

function refusalOf(status: number, json: unknown): ApiError {
  const error = (json as Envelope).error;
  return new ApiError(status, error?.code ?? 'http_error', error?.message ?? '', error?.details ?? []);
}

/** The refusal a failed response carries (its error envelope), for calls that do not go through `api()`. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return refusalOf(response.status, text === '' ? {} : safeJson(text));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
