import type { Redis } from 'ioredis';
import { toStreamFields, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import type { SaltSource } from '@linkhub/shared/analytics/salt';
import { uaHash, visitorHash } from '@linkhub/shared/analytics/visitor-hash';
import { CLICKS_STREAM_MAXLEN, clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { EdgeMetrics } from '../metrics';
import type { RequestFacts } from './request-facts';

/**
 * Fire-and-forget capture (spec §4.4.1 step 7): `XADD clicks:raw` is dispatched and never awaited;
 * a failure increments a counter and is otherwise invisible to the visitor. With Redis not
 * connected the event is counted as dropped without trying.
 */
export type Capture = { emit(event: AnalyticsEvent): void; readonly enabled: boolean };

export function createCapture(redis: Redis, prefix: string, metrics: EdgeMetrics, enabled: boolean): Capture {
  const stream = clicksStreamKey(prefix);
  const maxLen = String(CLICKS_STREAM_MAXLEN);
  return {
    enabled,
    emit(event) {
      if (!enabled) return;
      if (redis.status !== 'ready') {
        metrics.captureDropped += 1;
        return;
      }
      redis.xadd(stream, 'MAXLEN', '~', maxLen, '*', ...toStreamFields(event)).then(
        () => {
          metrics.captured += 1;
        },
        () => {
          metrics.captureFailed += 1;
        },
      );
    },
  };
}

/** The visitor's daily-salted hashes for one workspace. */
export type VisitorIds = { visitorHash: string; uaHash: string; durable: boolean };

export async function visitorIds(salts: SaltSource, now: Date, workspaceId: string, facts: RequestFacts): Promise<VisitorIds> {
  const { salt, durable } = await salts.forDate(now);
  return { visitorHash: visitorHash(salt, workspaceId, facts.ip, facts.userAgent), uaHash: uaHash(salt, facts.userAgent), durable };
}

type UtmEventField = 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content';

/** utm_* of the event: the visit's own UTM parameters, else those the link adds (`fallback`). */
export function eventUtm(query: string, fallback: Partial<Record<UtmEventField, string>>): Pick<AnalyticsEvent, UtmEventField> {
  const params = new URLSearchParams(query);
  const pick = (key: UtmEventField): string | null => {
    const value = params.get(key) ?? fallback[key] ?? null;
    return value === null || value === '' ? null : value.slice(0, 255);
  };
  return {
    utm_source: pick('utm_source'),
    utm_medium: pick('utm_medium'),
    utm_campaign: pick('utm_campaign'),
    utm_term: pick('utm_term'),
    utm_content: pick('utm_content'),
  };
}
