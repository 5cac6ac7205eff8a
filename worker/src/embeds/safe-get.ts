import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  bareHost,
  isIP,
  isPrivateHostName,
  isUnsafeAddress,
} from '@linkhub/shared/server/net/address-policy';
import { isWebPort, portOf } from '@linkhub/shared/webhooks/ports';
import type { WebhookNetwork } from '../deps';

/**
 * One outbound GET that cannot reach inside (D-609), by the same rules as a webhook delivery
 * (worker/src/webhooks/safe-post.ts): every address the host resolves to is checked against the
 * address policy and the connection goes to the checked address; no redirect is followed; a
 * deadline and a byte cap. Answers the body of a 2xx, or null.
 */
export type SafeGetOptions = { network: WebhookNetwork; timeoutMs: number; maxBytes: number; accept: string };

async function checkedAddress(url: URL, network: WebhookNetwork): Promise<string | null> {
  const allow = network.allowAddress ?? ((a: string) => !isUnsafeAddress(a));
  const host = bareHost(url);
  if (host === '') return null;
  if (isIP(host) !== 0) return allow(host) ? host : null;
  if (isPrivateHostName(host)) return null;
  const addresses = await network.resolveHost(host).catch(() => []);
  const [first] = addresses;
  return first !== undefined && addresses.every(allow) ? first : null;
}

export async function safeGet(rawUrl: string, opts: SafeGetOptions): Promise<Uint8Array | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
    return null;
  if (!(opts.network.allowPort ?? isWebPort)(portOf(url))) return null;
  const address = await checkedAddress(url, opts.network);
  if (address === null) return null;
  const host = bareHost(url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Uint8Array | null>((resolve) => {
    let settled = false;
    const finish = (value: Uint8Array | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(value);
    };
    const req = request(
      {
        host: address,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { Host: url.host, Accept: opts.accept, 'User-Agent': 'LinkHub-thumbnails/1' },
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
        ...(opts.network.ca === undefined ? {} : { ca: opts.network.ca }),
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.destroy();
          finish(null);
          return;
        }
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > opts.maxBytes) {
            res.destroy();
            finish(null);
          } else chunks.push(chunk);
        });
        res.on('end', () => finish(new Uint8Array(Buffer.concat(chunks))));
        res.on('error', () => finish(null));
        res.on('close', () => finish(null));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      finish(null);
    }, opts.timeoutMs);
    req.on('error', () => finish(null));
    req.end();
  });
}
