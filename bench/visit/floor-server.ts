import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import {
  clientIp,
  FORWARDED_FOR_HEADER,
  parseTrustedProxies,
} from '@linkhub/shared/server/analytics/client-ip';

/**
 * The least a hit can do and still be the redirect the product rules ask for (docs/product-rules.md#the-redirect), on bare node:http: find the
 * slug in an in-process map, derive the visitor hash (SHA-256 of salt ‖ workspace ‖ address ‖
 * User-Agent, first 16 bytes; the address by the edge's own trusted-proxy rule), queue the event and XADD the queue as one entry every 20 ms, answer
 * 302 with Location and `Cache-Control: private, no-store`. No geo, no User-Agent parsing, no bot
 * check, no targeting, no metrics, no containment: a floor under the edge, not an edge.
 */
const port = Number(process.env.PORT ?? 0);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const streamKey = process.env.FLOOR_STREAM ?? 'bench:floor:clicks';
const salt = randomBytes(32).toString('hex');
const trusted = parseTrustedProxies(undefined);
const workspace = '01a24875-3ddf-755f-a226-eb6298b4e2ef';
const links = new Map([['/hit', { workspace, location: 'https://example.com/landing' }]]);
let queued: string[] = [];

setInterval(() => {
  if (queued.length === 0) return;
  const batch = queued.join('\n');
  queued = [];
  void redis.xadd(streamKey, 'MAXLEN', '~', '100000', '*', 'e', batch).catch(() => undefined);
}, 20).unref();

createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const link = links.get(q < 0 ? url : url.slice(0, q));
  if (link === undefined) {
    res.writeHead(404).end();
    return;
  }
  const forwarded = req.headers[FORWARDED_FOR_HEADER];
  const ip = clientIp(
    req.socket.remoteAddress,
    typeof forwarded === 'string' ? forwarded : undefined,
    trusted,
  );
  const visitor = createHash('sha256')
    .update(`${salt}|${link.workspace}|${ip ?? ''}|${req.headers['user-agent'] ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  queued.push(`${Date.now()}\t${visitor}`);
  res.writeHead(302, { Location: link.location, 'Cache-Control': 'private, no-store' });
  res.end();
}).listen(port, '127.0.0.1');
