import http from 'node:http';

export type EdgeAnswer = { status: number; location: string | undefined };

/**
 * GET `http://{host}:{port}{path}` as a visitor's browser would send it: the edge listens on
 * 127.0.0.1 and tells the system hosts apart by the Host header. The launcher's edge trusts
 * loopback as a proxy (the one rule: `clientIp`, shared/src/server/analytics/client-ip.ts), so a
 * caller's `FORWARDED_FOR_HEADER` makes each request a different visitor.
 */
export function visitEdge(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer from the edge for ${host}${path}`)));
    req.on('error', reject);
  });
}

/** The body of a GET at the edge (a bio page's HTML). */
export function edgeText(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer from the edge for ${host}${path}`)));
    req.on('error', reject);
  });
}
