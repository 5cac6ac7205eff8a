import { createSecureContext, type SecureContext } from 'node:tls';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { SecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { tlsChangedChannel } from '@linkhub/shared/server/domains/tls-keys';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { SealedCertificate } from '../lookup/pg-lookup';

/**
 * Each custom domain's TLS context, by host, loaded from PostgreSQL at its first handshake,
 * opened with the certificate box and kept in memory. Hot reload: the worker publishes a host on
 * `tls:changed` when its certificate is issued, renewed or revoked, and every edge drops its copy;
 * a copy also ages out after `ttlMs` (a missed message, a reconnect), and a host without a
 * certificate is asked again after `missTtlMs`.
 */
export type CertificateStore = {
  contextFor: (host: string) => Promise<SecureContext | null>;
  forget: (host: string) => void;
  /** Hosts held now (tests, metrics). */
  readonly size: number;
  close: () => void;
};

export type CertificateStoreDeps = {
  find: (host: string) => Promise<SealedCertificate | null>;
  box: SecretBox;
  /** A dedicated subscriber connection (a subscribed ioredis client can do nothing else); absent: TTL only. */
  subscriber?: RedisClient;
  prefix: string;
  logger: Logger;
  ttlMs?: number;
  missTtlMs?: number;
  now?: () => number;
};

type Entry = { context: SecureContext | null; expiresAt: number };

/** Hosts held at most, misses included (a scanner sending random SNI names); past it the store starts afresh. */
export const MAX_HOSTS = 10_000;

export function createCertificateStore(deps: CertificateStoreDeps): CertificateStore {
  const ttlMs = deps.ttlMs ?? 10 * 60_000;
  const missTtlMs = deps.missTtlMs ?? 30_000;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<SecureContext | null>>();

  async function load(host: string): Promise<SecureContext | null> {
    const sealed = await deps.find(host);
    if (entries.size >= MAX_HOSTS) entries.clear();
    if (sealed === null) {
      entries.set(host, { context: null, expiresAt: now() + missTtlMs });
      return null;
    }
    const context = createSecureContext({
      cert: deps.box.open(sealed.certificate_sealed),
      key: deps.box.open(sealed.private_key_sealed),
    });
    // Never past the certificate's own expiry.
    const expiresAt = Math.min(now() + ttlMs, sealed.not_after.getTime());
    entries.set(host, { context, expiresAt });
    return context;
  }

  const channel = tlsChangedChannel(deps.prefix);
  const onMessage = (from: string, host: string) => {
    if (from !== channel) return;
    entries.delete(host);
    deps.logger.info({ host }, 'certificate changed; reloading at the next handshake');
  };
  const onReady = () => entries.clear();
  if (deps.subscriber) {
    deps.subscriber.on('message', onMessage);
    // Messages sent while disconnected are lost: start afresh after every (re)connect.
    deps.subscriber.on('ready', onReady);
    deps.subscriber.subscribe(channel).catch((err: unknown) => {
      deps.logger.warn({ err }, 'tls:changed subscription failed; certificates reload by age only');
    });
  }

  return {
    get size() {
      return entries.size;
    },
    contextFor(host) {
      const entry = entries.get(host);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry.context);
      const pending = loading.get(host);
      if (pending) return pending;
      const started = load(host).finally(() => loading.delete(host));
      loading.set(host, started);
      return started;
    },
    forget(host) {
      entries.delete(host);
    },
    close() {
      deps.subscriber?.off('message', onMessage);
      deps.subscriber?.off('ready', onReady);
      entries.clear();
    },
  };
}
