import { createServer } from 'node:http';

/** The ceiling: a bare node:http server answering a fixed 302, nothing else. */
const port = Number(process.env.PORT ?? 8799);
createServer((_req, res) => {
  res.writeHead(302, { Location: 'https://example.com/landing', 'Cache-Control': 'private, no-store' });
  res.end();
}).listen(port, '127.0.0.1', () => process.stdout.write(`ceiling listening on ${port}\n`));
