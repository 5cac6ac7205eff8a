import { randomUUID } from 'node:crypto';

/**
 * The PWA calls its server with relative URLs (`/api/…`, `/replicache/…`), served same-origin by the
 * sync server on the web. On desktop its origin is `app://linkhub`, so the app protocol forwards
 * exactly these paths (the same list the Vite dev server proxies) to the configured sync server: the
 * PWA needs no desktop branch, and no CORS is involved. Streaming responses (the SSE poke) pass
 * through as streams.
 */
export const API_PREFIXES = ['/api', '/v1', '/replicache', '/healthz'] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** `net.fetch` in main (Chromium's network stack: system proxy, certificates); `fetch` in tests. */
export type Forward = (url: string, init: RequestInit) => Promise<Response>;

const DROPPED_REQUEST_HEADERS = ['host', 'origin', 'referer', 'cookie', 'connection', 'content-length'];
const DROPPED_RESPONSE_HEADERS = [
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'set-cookie',
];

export async function forwardToSyncServer(
  request: Request,
  syncOrigin: string,
  forward: Forward,
): Promise<Response> {
  const incoming = new URL(request.url);
  const target = new URL(`${incoming.pathname}${incoming.search}`, syncOrigin);
  const headers = new Headers(request.headers);
  for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await forward(target.href, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : null,
      redirect: 'manual',
      signal: request.signal,
    });
  } catch {
    return unreachable();
  }
  const responseHeaders = new Headers(upstream.headers);
  for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}

function unreachable(): Response {
  const body = {
    error: {
      code: 'sync_server_unreachable',
      message:
        'The sync server cannot be reached. Your changes are kept on this device and sync when it is back.',
      details: [],
      request_id: randomUUID(),
    },
  };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
