import { createServer, request, type Server } from 'node:http';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createEdgeListener, type EdgeListenerDeps } from '../server/edge-listener';
import type { Harness } from './harness';

/** The edge as it runs: the node:http listener in front of the app, on a real socket. */
export type ListenerServer = {
  server: Server;
  port: number;
  get(host: string, path: string, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
};
export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export async function startListener(
  edge: ReturnType<Harness['app']>,
  overrides: Partial<EdgeListenerDeps> = {},
): Promise<ListenerServer> {
  const listener = createEdgeListener({
    fetch: edge.app.fetch,
    redirect: edge.service.redirect,
    hosts: edge.service.hosts,
    logger: createLogger('edge-test', { level: 'silent' }),
    metrics: edge.metrics,
    ...overrides,
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    server,
    port,
    get(host, path, headers = {}) {
      return new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method: 'GET', path, headers: { ...headers, host } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
