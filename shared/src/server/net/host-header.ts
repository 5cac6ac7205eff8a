import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ValidationError } from '../../errors/app-error';
import { toErrorEnvelope } from '../../errors/envelope';

/**
 * Exactly one `Host` header (RFC 9112 §3.2): none (an HTTP/1.0 request may omit it) or two (Node
 * keeps the first and drops the rest, so two parts of a chain could each read a different host)
 * answers 400 in the error envelope, before any routing. Such a request is the client's mistake:
 * logged at info, never counted as a failure of ours. Server-only.
 */
export type HostHeaderProblem = 'missing' | 'duplicate';

export function hostHeaderProblem(rawHeaders: readonly string[]): HostHeaderProblem | null {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  if (hosts === 0) return 'missing';
  return hosts > 1 ? 'duplicate' : null;
}

const MESSAGES: Record<HostHeaderProblem, string> = {
  missing: 'The request has no Host header.',
  duplicate: 'The request has more than one Host header.',
};

/** Writes the 400 envelope for a request whose Host header is missing or repeated. */
export function refuseHostHeader(res: ServerResponse, problem: HostHeaderProblem): void {
  const requestId = `req_${randomBytes(12).toString('base64url')}`;
  const { status, body } = toErrorEnvelope(
    new ValidationError([{ field: 'host', issue: problem }], { message: MESSAGES[problem] }),
    requestId,
  );
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  res.end(text);
}

type InfoLogger = { info: (fields: Record<string, unknown>, message: string) => void };

/**
 * The listener behind a guard that answers a missing or repeated Host header itself. The server must
 * be created with `requireHostHeader: false`, or Node answers a bare 400 before the guard sees it.
 */
export function withHostHeaderGuard(listener: RequestListener, logger: InfoLogger): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const problem = hostHeaderProblem(req.rawHeaders);
    if (problem === null) return listener(req, res);
    logger.info({ host_header: problem }, 'request refused: bad Host header');
    refuseHostHeader(res, problem);
  };
}

/** node:http server options for every public listener: the Host guard answers a missing Host itself. */
export const PUBLIC_SERVER_OPTIONS = { requireHostHeader: false } as const;
