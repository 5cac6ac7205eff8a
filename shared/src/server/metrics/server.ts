import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { renderMetrics } from '../../metrics/registry';

/**
 * A listener that serves only `GET /metrics` (DECISIONS D-311): bound to its own port and, by
 * default, to loopback, so the public link and bio hosts never answer it (there `/metrics` is a
 * slug like any other) and only the scraper's network reaches it.
 */
export function createMetricsServer(registry: Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    renderMetrics(registry).then(
      ({ body, contentType }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
}
