import { createServer } from 'node:http';

/** The baseline behind HAProxy: a bare node:http 302 for every path but `/healthz` (200, for HAProxy's check). */
const port = Number(process.env.PORT ?? 8799);
createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  res.writeHead(302, { Location: 'https://example.com/landing', 'Cache-Control': 'private, no-store' });
  res.end();
}).listen(port, '127.0.0.1');
