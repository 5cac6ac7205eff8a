import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { SaltSource } from '@linkhub/shared/server/analytics/salt';
import { ipHash } from '@linkhub/shared/server/analytics/visitor-hash';
import { throttleKey } from '@linkhub/shared/analytics/throttle-key';
import { linkClicksKey, rateLimitKey } from '@linkhub/shared/cache/keys';
import type { DomainRoute, RedirectPayload } from '@linkhub/shared/cache/payload';
import { verifyLinkPassword } from '@linkhub/shared/server/crypto/link-password';
import { isRedirectableUrl } from '@linkhub/shared/resolve/safe-url';
import { evaluateState, type LinkState } from '@linkhub/shared/resolve/state';
import { isPrintableAscii } from '@linkhub/shared/url/normalize-url';
import { renderPasswordPage, type PasswordPageProblem } from '../pages/link-access-pages';
import { createNonce, htmlHeaders, PRIVATE_CACHE_CONTROL } from '../routes/bio-page-headers';
import {
  notFoundPageResponse,
  redirectResponse,
  unavailablePageResponse,
  type EdgeResponse,
} from '../routes/respond';

/**
 * A plain link's access controls at the edge (D-615, D-616): its password page and the password's
 * check (throttled per link and per visitor network, D-485), its click cap (one atomic Redis counter
 * across every edge), and where an ended link sends visitors. Only payloads that carry `access`
 * (or an ended link) reach here; a QR code's printed slug never does (docs/product-rules.md#permanence).
 */
export type LinkAccessDeps = {
  /** The queue role (never evicts): the counters and the throttles live there. */
  redis: RedisClient;
  prefix: string;
  salts: SaltSource;
  /** THROTTLE_IPV6_PREFIX (default 64). */
  ipv6PrefixBits?: number;
  /** Password tries per network per link (default 10 per 10 minutes). */
  networkLimit?: Limit;
  /** Password tries per link from every network together (default 100 per 10 minutes). */
  linkLimit?: Limit;
};

type Limit = { max: number; windowSeconds: number };
export const DEFAULT_PASSWORD_NETWORK_LIMIT: Limit = { max: 10, windowSeconds: 600 };
export const DEFAULT_PASSWORD_LINK_LIMIT: Limit = { max: 100, windowSeconds: 600 };

export type PasswordVerdict = { kind: 'ok' } | { kind: 'wrong' } | { kind: 'throttled'; retryAfter: number };

export type LinkAccess = {
  /**
   * A visit to a live link with access controls: the password page (not yet unlocked), the ended
   * answer (its cap is used up), or null when the visit is admitted (and counted against the cap).
   */
  gate(
    payload: RedirectPayload,
    domain: DomainRoute | null,
    now: Date,
    visit: GateVisit,
  ): Promise<EdgeResponse | null>;
  /** An expired or capped link: a 302 to its `expired_url`, else its domain's, else its workspace's; null: the branded page. */
  ended(payload: RedirectPayload, domain: DomainRoute | null): EdgeResponse | null;
  /** One password try, counted before it is checked (the KDF's cost is what the throttle protects). */
  tryPassword(payload: RedirectPayload, ip: string, password: string, now: Date): Promise<PasswordVerdict>;
  passwordPage(
    payload: RedirectPayload,
    query: string,
    problem: PasswordPageProblem,
    status: 200 | 403 | 429,
  ): EdgeResponse;
};

export type GateVisit = { unlocked: boolean; query: string };

/**
 * Admits one visit when the count is below the cap: the count starts from the persisted one when Redis
 * has none (a lost queue Redis), never counts a refused visit, and is exact across edges (one script).
 */
const ADMIT_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]))
if n == nil then
  n = tonumber(ARGV[1])
  redis.call('SET', KEYS[1], n)
end
if n >= tonumber(ARGV[2]) then return -1 end
return redis.call('INCR', KEYS[1])`;

export function createLinkAccess(deps: LinkAccessDeps): LinkAccess {
  const networkLimit = deps.networkLimit ?? DEFAULT_PASSWORD_NETWORK_LIMIT;
  const linkLimit = deps.linkLimit ?? DEFAULT_PASSWORD_LINK_LIMIT;

  async function admit(payload: RedirectPayload, max: number, seed: number): Promise<boolean> {
    const key = linkClicksKey(deps.prefix, payload.host, payload.resource_id);
    const reply = await deps.redis.eval(ADMIT_SCRIPT, 1, key, String(seed), String(max));
    return Number(reply) > 0;
  }

  /** INCR + first-hit EXPIRE in one transaction: the count and the seconds left. */
  async function count(key: string, windowSeconds: number): Promise<{ n: number; ttl: number }> {
    const replies = await deps.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    if (replies === null) throw new Error('throttle transaction aborted');
    const [incr, , ttl] = replies;
    const n = Number(incr?.[1]);
    const left = Number(ttl?.[1]);
    if (incr?.[0] || !Number.isFinite(n)) throw incr?.[0] ?? new Error('throttle count unreadable');
    return { n, ttl: Number.isFinite(left) && left > 0 ? left : windowSeconds };
  }

  function ended(payload: RedirectPayload, domain: DomainRoute | null): EdgeResponse | null {
    const target = payload.expired_url ?? domain?.expired_url ?? payload.workspace_expired_url ?? null;
    if (target === null || !isPrintableAscii(target) || !isRedirectableUrl(target)) return null;
    return redirectResponse(target);
  }

  function passwordPage(
    payload: RedirectPayload,
    query: string,
    problem: PasswordPageProblem,
    status: 200 | 403 | 429,
  ): EdgeResponse {
    const nonce = createNonce();
    const headers = htmlHeaders(nonce, PRIVATE_CACHE_CONTROL);
    // Browsers hold a form's redirect to `form-action` too: the right password's 302 leaves for the destination.
    const csp = headers['Content-Security-Policy'] ?? '';
    headers['Content-Security-Policy'] = csp.replace("form-action 'self'", "form-action 'self' https: http:");
    return {
      status,
      headers,
      body: renderPasswordPage(payload.branding, { slug: payload.slug, query, problem }, nonce),
    };
  }

  return {
    ended,
    passwordPage,
    async gate(payload, domain, now, visit) {
      const access = payload.access;
      if (access === undefined || payload.is_qr || evaluateState(payload, now) !== 'active') return null;
      if (access.password_hash !== undefined && !visit.unlocked)
        return passwordPage(payload, visit.query, null, 200);
      if (access.max_clicks === undefined) return null;
      let admitted: boolean;
      try {
        admitted = await admit(payload, access.max_clicks, access.click_count ?? 0);
      } catch {
        // The cap is a promise to its owner: without its counter the link answers "try again" (D-616).
        return unavailablePageResponse(payload.branding);
      }
      if (admitted) return null;
      return (
        ended(payload, domain) ??
        notFoundPageResponse(payload.branding, 'click_limit_reached' satisfies LinkState)
      );
    },
    async tryPassword(payload, ip, password, now) {
      const hash = payload.access?.password_hash;
      if (hash === undefined) return { kind: 'wrong' };
      const { salt } = await deps.salts.forDate(now);
      const network = ipHash(salt, throttleKey(ip, deps.ipv6PrefixBits));
      const byNetwork = await count(
        rateLimitKey(deps.prefix, 'link-password', `${payload.resource_id}:${network}`),
        networkLimit.windowSeconds,
      );
      if (byNetwork.n > networkLimit.max) return { kind: 'throttled', retryAfter: byNetwork.ttl };
      // Counted once the network's allowance admits it: one network cannot spend the link's.
      const byLink = await count(
        rateLimitKey(deps.prefix, 'link-password', payload.resource_id),
        linkLimit.windowSeconds,
      );
      if (byLink.n > linkLimit.max) return { kind: 'throttled', retryAfter: byLink.ttl };
      return (await verifyLinkPassword(hash, password)) ? { kind: 'ok' } : { kind: 'wrong' };
    },
  };
}
