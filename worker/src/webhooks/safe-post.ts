import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  bareHost,
  isIP,
  isPrivateHostName,
  isUnsafeAddress,
  type ResolveHost,
} from '@linkhub/shared/server/net/address-policy';
import type { DeliveryFailureReason } from '@linkhub/shared/webhooks/schemas';
import { isWebPort, portOf } from '@linkhub/shared/webhooks/ports';

/**
 * One outbound webhook POST that can never reach inside: the host is resolved, every
 * address it resolves to is checked against the address policy (loopback, private, link-local,
 * metadata…), and the connection goes to the checked address itself (the name is only the Host
 * header and the TLS server name), so a second, different DNS answer cannot slip in. Redirects are
 * never followed (a 3xx is a failed delivery), every attempt has a deadline, and at most
 * `maxResponseBytes` of the answer is read.
 */
export type SafePostOptions = {
  resolveHost: ResolveHost;
  /** Whether an address may be connected to (default: not loopback/private/link-local/metadata/reserved). */
  allowAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Extra certificate authorities to trust for https (a private PKI); default: the system's. */
  ca?: string;
  /** Whether a port may be connected to (default: 443 and 80 only); tests with a local receiver widen it. */
  allowPort?: (port: number) => boolean;
  /** POST by default; PUT for an API whose subscribe call is an idempotent upsert (Mailchimp). */
  method?: 'POST' | 'PUT';
};

export type PostOutcome =
  | { kind: 'delivered'; status: number }
  | {
      kind: 'failed';
      status: number | null;
      reason: Exclude<DeliveryFailureReason, 'endpoint_disabled'>;
    };

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

const allowPublic = (address: string): boolean => !isUnsafeAddress(address);

/** The checked address to connect to, or why there is none (the link preview fetch checks with it too). */
export async function checkedAddress(
  url: URL,
  opts: SafePostOptions,
): Promise<{ address: string } | { refused: PostOutcome }> {
  const allow = opts.allowAddress ?? allowPublic;
  const host = bareHost(url);
  if (host === '') return { refused: { kind: 'failed', status: null, reason: 'bad_url' } };
  if (isIP(host) !== 0)
    return allow(host)
      ? { address: host }
      : { refused: { kind: 'failed', status: null, reason: 'refused_address' } };
  if (isPrivateHostName(host))
    return { refused: { kind: 'failed', status: null, reason: 'refused_address' } };
  let addresses: string[];
  try {
    addresses = await opts.resolveHost(host);
  } catch {
    return { refused: { kind: 'failed', status: null, reason: 'unresolvable' } };
  }
  const [first] = addresses;
  if (first === undefined) return { refused: { kind: 'failed', status: null, reason: 'unresolvable' } };
  // Every address, not only the one connected to: a name that can mean an inside address is refused.
  if (!addresses.every(allow))
    return { refused: { kind: 'failed', status: null, reason: 'refused_address' } };
  return { address: first };
}

export async function safePost(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: SafePostOptions,
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'failed', status: null, reason: 'bad_url' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
    return { kind: 'failed', status: null, reason: 'bad_url' };
  const checked = await checkedAddress(url, opts);
  if ('refused' in checked) return checked.refused;
  if (!(opts.allowPort ?? isWebPort)(portOf(url)))
    return { kind: 'failed', status: null, reason: 'refused_address' };
  const host = bareHost(url);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cap = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = request(
      {
        host: checked.address,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: opts.method ?? 'POST',
        headers: { ...headers, Host: url.host, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
        ...(opts.ca === undefined ? {} : { ca: opts.ca }),
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > cap) res.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300) finish({ kind: 'delivered', status });
          else
            finish({
              kind: 'failed',
              status,
              reason: status >= 300 && status < 400 ? 'redirect' : 'http_status',
            });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      finish({ kind: 'failed', status: null, reason: 'timeout' });
    }, timeoutMs);
    req.on('error', () => finish({ kind: 'failed', status: null, reason: 'network' }));
    req.end(body);
  });
}
