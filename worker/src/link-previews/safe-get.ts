import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { bareHost, isIP } from '@linkhub/shared/server/net/address-policy';
import { isWebPort, portOf } from '@linkhub/shared/webhooks/ports';
import { checkedAddress, type SafePostOptions } from '../webhooks/safe-post';

/**
 * One outbound GET of a destination's HTML that can never reach inside: the same address check and
 * pinning as webhook deliveries (`checkedAddress`), a deadline, at most `maxBytes` read, and up to
 * three redirects, each checked again. Null when nothing usable came back.
 */
export type SafeGetOptions = Pick<SafePostOptions, 'resolveHost' | 'allowAddress' | 'allowPort' | 'ca'> & {
  timeoutMs?: number;
  maxBytes?: number;
};

const MAX_REDIRECTS = 3;

async function getOnce(
  url: URL,
  opts: SafeGetOptions,
): Promise<{ status: number; location: string | null; body: string; html: boolean } | null> {
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
    return null;
  if (!(opts.allowPort ?? isWebPort)(portOf(url))) return null;
  const checked = await checkedAddress(url, opts);
  if ('refused' in checked) return null;
  const host = bareHost(url);
  const cap = opts.maxBytes ?? 512 * 1024;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: Awaited<ReturnType<typeof getOnce>>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(value);
    };
    const req = request(
      {
        host: checked.address,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          Host: url.host,
          Accept: 'text/html,application/xhtml+xml',
          'User-Agent': 'LinkHub-Preview/1.0 (+link card fetch)',
        },
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
        ...(opts.ca === undefined ? {} : { ca: opts.ca }),
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        const html = /html/i.test(res.headers['content-type'] ?? '');
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          if (read >= cap) return;
          chunks.push(chunk);
          read += chunk.length;
          // The head is all a card needs: stop reading once enough has come.
          if (read >= cap) res.destroy();
        });
        const done = () =>
          finish({ status, location, html, body: Buffer.concat(chunks).subarray(0, cap).toString('utf8') });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      finish(null);
    }, opts.timeoutMs ?? 8_000);
    req.on('error', () => finish(null));
    req.end();
  });
}

export async function safeGetHtml(rawUrl: string, opts: SafeGetOptions): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const answer = await getOnce(url, opts);
    if (answer === null) return null;
    if (answer.status >= 300 && answer.status < 400 && answer.location !== null) {
      try {
        url = new URL(answer.location, url);
      } catch {
        return null;
      }
      continue;
    }
    return answer.status >= 200 && answer.status < 300 && answer.html ? answer.body : null;
  }
  return null;
}
