import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Redis } from 'ioredis';

/**
 * The second baseline of bench/visit: a bare Hono app answering every request with one Redis GET
 * and a 302 to the value read (what an edge that only looked a slug up in Redis would cost), its
 * GETs auto-pipelined, as this baseline is defined.
 */
const port = Number(process.env.PORT ?? 0);
const key = process.env.BARE_KEY ?? 'bench:bare';
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableAutoPipelining: true });
const app = new Hono();
app.get('*', async (c) => {
  const location = (await redis.get(key)) ?? 'https://example.com/landing';
  return c.body(null, 302, { Location: location, 'Cache-Control': 'private, no-store' });
});
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
