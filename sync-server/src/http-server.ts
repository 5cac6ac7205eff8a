import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { PUBLIC_SERVER_OPTIONS, withHostHeaderGuard } from '@linkhub/shared/server/net/host-header';

type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * The sync-server's node:http server: the Hono app behind the Host guard (a missing or repeated
 * Host header answers 400 in the envelope before any route, logged at info), not yet listening.
 */
export function createSyncHttpServer(fetch: Fetch, logger: Logger): Server {
  return createServer(PUBLIC_SERVER_OPTIONS, withHostHeaderGuard(getRequestListener(fetch), logger));
}
