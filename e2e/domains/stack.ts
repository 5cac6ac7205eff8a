// Drives the real sync-server, edge and worker together with a real ACME server (e2e may import every service).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest, type Server as HttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { DEV_AUTH_SECRET } from '@linkhub/shared/server/crypto/secret-box';
import { certificateBox } from '@linkhub/shared/server/domains/tls-keys';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { startV1Kit, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { cacheRefresh } from '../../worker/src/processors/cache-refresh';
import { domainCertificate } from '../../worker/src/processors/domain-certificate';
import { domainUpkeep } from '../../worker/src/processors/domain-upkeep';
import { domainVerify } from '../../worker/src/processors/domain-verify';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { freeLocalPort } from '../../worker/src/testing';
import { startPebble, type Pebble } from '../../worker/src/domains/testing/pebble';
import { createEdgeService } from '../../edge/src/app';
import { createPgLookup, type PgLookup } from '../../edge/src/lookup/pg-lookup';
import { createEdgeListener } from '../../edge/src/server/edge-listener';
import { createCertificateStore, type CertificateStore } from '../../edge/src/tls/certificate-store';
import { createTlsServer } from '../../edge/src/tls/tls-server';
import { edgeRedis, ready, sharedGeo } from '../../edge/src/testing/harness';

/**
 * The custom-domain stack: sync-server in process (V1Kit), the worker's domain processors on real
 * BullMQ, the edge on real sockets (plain HTTP on the port pebble validates HTTP-01 against, and
 * the HTTPS listener with SNI), pebble and its DNS server. The worker asks pebble's DNS server for
 * TXT/CNAME records, so a test "creates the record" through pebble.setTxt.
 */
export type DomainStack = {
  kit: V1Kit;
  pebble: Pebble;
  worker: WorkerDeps;
  edgeHttpPort: number;
  edgeTlsPort: number;
  certificates: CertificateStore;
  /** GET over plain HTTP with this Host. */
  httpGet: (host: string, path: string) => Promise<Answer>;
  /** GET over TLS to the edge with SNI `host`, trusting `ca`; also what certificate was presented. */
  httpsGet: (host: string, path: string, ca: string) => Promise<Answer & { serial: string }>;
  stop: () => Promise<void>;
};
export type Answer = { status: number; location: string | undefined; body: string };

export async function startDomainStack(options: { withWorkers?: boolean } = {}): Promise<DomainStack> {
  const kit = await startV1Kit();
  const prefix = kit.deps.config.REDIS_PREFIX;
  const edgeHttpPort = await freeLocalPort();
  const edgeTlsPort = await freeLocalPort();
  const pebble = await startPebble({ httpPort: edgeHttpPort });
  const worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: kit.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      DNS_SERVERS: pebble.dnsServer,
      LINK_HOST: kit.deps.config.LINK_HOST,
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_CA_FILE: pebble.caFile,
      AUTH_SECRET: DEV_AUTH_SECRET,
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker-test', { level: 'silent' }),
  );
  const runtime: WorkerRuntime | null =
    options.withWorkers === false
      ? null
      : startWorkers(worker, {
          'domain-verify': domainVerify,
          'domain-certificate': domainCertificate,
          'domain-upkeep': domainUpkeep,
          'cache-refresh': cacheRefresh,
        });

  const redis = edgeRedis();
  await ready(redis);
  const subscriber = redis.duplicate();
  const logger = createLogger('edge-test', { level: 'silent' });
  const pg: PgLookup = createPgLookup({ connectionString: kit.database.url, max: 3 });
  const edge = createEdgeService({
    redis,
    redisPrefix: prefix,
    pg,
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo: await sharedGeo(),
    capture: false,
    logger,
  });
  const listener = createEdgeListener({
    fetch: edge.app.fetch,
    redirect: edge.redirect,
    hosts: edge.hosts,
    logger,
    metrics: edge.metrics,
  });
  const certificates = createCertificateStore({
    find: (host) => pg.findCertificate(host),
    box: certificateBox(DEV_AUTH_SECRET),
    subscriber,
    prefix,
    logger,
  });
  const http: Server = createServer(listener);
  const tls: HttpsServer = createTlsServer({ listener, certificates, logger });
  await new Promise<void>((resolve) => http.listen(edgeHttpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => tls.listen(edgeTlsPort, '127.0.0.1', resolve));

  const collect = (res: IncomingMessage, done: (answer: Answer) => void) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => done({ status: res.statusCode ?? 0, location: res.headers.location, body }));
  };

  return {
    kit,
    pebble,
    worker,
    edgeHttpPort,
    edgeTlsPort,
    certificates,
    httpGet: (host, path) =>
      new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: edgeHttpPort, path, headers: { host } }, (res) =>
          collect(res, resolve),
        );
        req.on('error', reject);
        req.end();
      }),
    httpsGet: (host, path, ca) =>
      new Promise((resolve, reject) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port: edgeTlsPort,
            path,
            servername: host,
            ca,
            headers: { host },
            agent: false,
          },
          (res) => {
            const socket = res.socket as TLSSocket; // an https response's socket is a TLSSocket
            const raw = socket.getPeerCertificate().raw;
            const serial = new X509Certificate(raw).serialNumber.toUpperCase();
            collect(res, (answer) => resolve({ ...answer, serial }));
          },
        );
        req.on('error', reject);
        req.end();
      }),
    stop: async () => {
      await new Promise((resolve) => tls.close(resolve));
      await new Promise((resolve) => http.close(resolve));
      certificates.close();
      subscriber.disconnect();
      await runtime?.close();
      await closeWorkerDeps(worker);
      await edge.jobs.close();
      await pg.close();
      redis.disconnect();
      await pebble.stop();
      await kit.stop();
    },
  };
}

/** Polls until `ok` holds (the worker and the edge work asynchronously), up to `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in time; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}
