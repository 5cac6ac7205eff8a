import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** What @hono/node-server hands a request as its env; tests may pass the same shape to `app.request`. */
export type EdgeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The incoming request as the edge reads it, the same from either HTTP layer (Hono, or node:http on
 * the hot path): where it is addressed, for dispatch, and what a visit's facts are read from.
 */
export type RequestView = {
  /** The Host header as sent. */
  readonly host: string | undefined;
  readonly method: string;
  /** The path as sent (still percent-encoded), without query or fragment. */
  readonly path: string;
  /** The query string without `?`. */
  readonly query: string;
  readonly socketAddress: string | undefined;
  /** A header by lower-case name. */
  header(name: string): string | undefined;
};

/** Where a request target's path starts: 0 for `/path…`, after the authority for `http://host/path…`. */
function pathStart(target: string): number {
  if (target.startsWith('/')) return 0;
  const scheme = target.indexOf('://');
  return scheme === -1 ? -1 : target.indexOf('/', scheme + 3);
}

/** Where the path of `target` ends: at its query, its fragment or the end. */
function pathEnd(target: string, from: number): number {
  const q = target.indexOf('?', from);
  const hash = target.indexOf('#', from);
  if (q === -1) return hash === -1 ? target.length : hash;
  return hash === -1 || q < hash ? q : hash;
}

/** The path of a request target (origin-form `/p?q` or a full URL), `/` when it has none. */
export function pathOf(target: string): string {
  const start = pathStart(target);
  if (start === -1) return '/';
  const end = pathEnd(target, start);
  return start === 0 && end === target.length ? target : target.slice(start, end);
}

/** The query string of a request target, without `?` and fragment. */
export function queryOf(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return '';
  const hash = target.indexOf('#', q);
  return target.slice(q + 1, hash === -1 ? undefined : hash);
}

/** The socket peer address from the node-server env, read structurally (any Hono env type). */
function remoteAddressOf(env: unknown): string | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return undefined;
  const socket: unknown = incoming.socket;
  if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return undefined;
  return typeof socket.remoteAddress === 'string' ? socket.remoteAddress : undefined;
}

export function honoRequestView(c: Context): RequestView {
  const url = c.req.url;
  return {
    host: c.req.header('host'),
    method: c.req.method,
    path: pathOf(url),
    query: queryOf(url),
    socketAddress: remoteAddressOf(c.env),
    header: (name) => c.req.header(name),
  };
}

/** The hot path's view: a class, so reading a header needs no closure per request. */
class NodeRequestView implements RequestView {
  readonly host: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly socketAddress: string | undefined;

  constructor(private readonly req: IncomingMessage) {
    const target = req.url ?? '/';
    this.host = req.headers.host;
    this.method = req.method ?? 'GET';
    this.path = pathOf(target);
    this.query = queryOf(target);
    this.socketAddress = req.socket.remoteAddress;
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

export function nodeRequestView(req: IncomingMessage): RequestView {
  return new NodeRequestView(req);
}
