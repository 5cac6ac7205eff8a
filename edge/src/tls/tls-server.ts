import { createServer, type Server } from 'node:https';
import { PUBLIC_SERVER_OPTIONS } from '@linkhub/shared/server/net/host-header';
import type { RequestListener } from 'node:http';
import type { SecureContext } from 'node:tls';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { canonicalHost } from '@linkhub/shared/resolve/host';
import type { CertificateStore } from './certificate-store';

/**
 * The edge's HTTPS listener for custom domains (DECISIONS D-250): the same request listener as
 * plain HTTP, with the certificate picked per handshake by SNI from the certificate store. A host
 * without a certificate (or no SNI at all) fails the handshake; nothing else is served.
 */
export function createTlsServer(options: {
  listener: RequestListener;
  certificates: CertificateStore;
  logger: Logger;
}): Server {
  const { certificates, logger } = options;
  const sniCallback = (servername: string, done: (err: Error | null, ctx?: SecureContext) => void) => {
    const host = canonicalHost(servername);
    if (host === null) {
      done(new Error('unreadable server name'));
      return;
    }
    certificates.contextFor(host).then(
      (context) => (context === null ? done(new Error(`no certificate for ${host}`)) : done(null, context)),
      (err: unknown) => {
        logger.warn({ err, host }, 'certificate lookup failed');
        done(err instanceof Error ? err : new Error('certificate lookup failed'));
      },
    );
  };
  const server = createServer(
    { ...PUBLIC_SERVER_OPTIONS, SNICallback: sniCallback, minVersion: 'TLSv1.2' },
    options.listener,
  );
  // A handshake that fails (no certificate, a scanner) is the client's problem, not a process fault.
  server.on('tlsClientError', () => undefined);
  return server;
}
