import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNATURE_HEADER, verifySignature } from '@linkhub/shared/server/webhooks/signature';
import type { WebhookNetwork } from '../../deps';

export type ReceivedDelivery = { body: string; signature: string; valid: boolean; eventId: string };

export type TlsReceiver = {
  readonly url: string;
  readonly received: ReceivedDelivery[];
  /** The network settings that let deliveries reach this receiver, and nothing else. */
  readonly network: WebhookNetwork;
  close(): Promise<void>;
};

/**
 * A real HTTPS receiver for tests and benchmarks: self-signed for receiver.example.com, listening on
 * 127.0.0.2 (the only address the network settings allow), checking every signature with the
 * receivers' helper over the raw body.
 */
export async function startTlsReceiver(secret: string): Promise<TlsReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'traffic-webhook-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=receiver.example.com',
      '-addext',
      'subjectAltName=DNS:receiver.example.com',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const received: ReceivedDelivery[] = [];
  const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
      const signature = typeof header === 'string' ? header : '';
      received.push({
        body,
        signature,
        valid: verifySignature(signature, secret, body, Math.floor(Date.now() / 1000)),
        eventId: req.headers['linkhub-event-id']?.toString() ?? '',
      });
      res.writeHead(200);
      res.end('ok');
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.2', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    url: `https://receiver.example.com:${port}/hooks`,
    received,
    network: {
      resolveHost: async (host) => (host === 'receiver.example.com' ? ['127.0.0.2'] : []),
      allowAddress: (a) => a === '127.0.0.2',
      allowPort: () => true,
      ca: cert,
    },
    close: async () => {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
