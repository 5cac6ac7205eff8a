import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClickIdKey, ClickIdKeyring } from '../../experiments/click-id-keys';

/**
 * The click id a redirect appends (`lh_click=…`) when its experiment converts on a reported
 * conversion (D-272). It names the exposure — experiment, arm period, variant, the instant of the
 * redirect and a visitor key — so `POST /v1/conversions` can count one conversion per visitor-day
 * without anything stored at redirect time and without a cookie. The visitor key (visitor-key.ts) is
 * derived from the day-salted visitor hash and the experiment id: the destination site never sees
 * the hash itself.
 *
 * Signed (D-491): `lhc2` + key id + `.` + base64url of 62 bytes — the exposure (experiment id 16,
 * arm period 2, variant id 16, seconds since 1970 4, visitor key 8) then the first 16 bytes of
 * HMAC-SHA256 over the prefix, the key id and those 46 bytes. One function mints, one verifies;
 * verification also bounds the id's age. Pure, no I/O (Node's crypto: the edge mints, the
 * sync-server and the worker verify).
 */
export const CLICK_ID_PARAM = 'lh_click';
const VERSION = 'lhc2';
const EXPOSURE_BYTES = 46;
const MAC_BYTES = 16;
/** How long after the redirect a conversion may still be reported. */
export const CLICK_ID_MAX_AGE_MS = 90 * 86_400_000;
/** How far ahead of this server's clock an id may be dated (the minting edge's clock may run ahead). */
export const CLICK_ID_MAX_SKEW_MS = 5 * 60_000;

export type ClickId = {
  readonly experimentId: string;
  readonly armPeriod: number;
  readonly variantId: string;
  /** UTC day of the exposure, YYYY-MM-DD (conversions count once per visitor-day). */
  readonly day: string;
  /** 16 lower-case hex characters. */
  readonly visitorKey: string;
};

/** What a redirect mints an id for: the exposure and when it happened. */
export type ClickExposure = Omit<ClickId, 'day'> & { readonly at: Date };

export type ClickIdRefusal = 'malformed' | 'unknown_key' | 'bad_signature' | 'expired' | 'future';
export type ClickIdCheck =
  | { readonly ok: true; readonly click: ClickId; readonly at: Date }
  | { readonly ok: false; readonly reason: ClickIdRefusal };

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const HEX_ONLY = /^[0-9a-f]+$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const KEY_ID = /^[a-z0-9]{1,8}$/;

function hexUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function mac(key: ClickIdKey, exposure: Buffer): Buffer {
  return createHmac('sha256', key.secret)
    .update(`${VERSION}${key.id}.`)
    .update(exposure)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The signed click id of an exposure, under the keyring's current key. Throws on ids that are not UUIDs. */
export function mintClickId(keys: ClickIdKeyring, exposure: ClickExposure): string {
  const seconds = Math.floor(exposure.at.getTime() / 1000);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 0xffffffff)
    throw new RangeError('not a click id exposure');
  const hex =
    `${exposure.experimentId.replace(/-/g, '')}${exposure.armPeriod.toString(16).padStart(4, '0')}${exposure.variantId.replace(/-/g, '')}${seconds.toString(16).padStart(8, '0')}${exposure.visitorKey}`.toLowerCase();
  if (hex.length !== EXPOSURE_BYTES * 2 || !HEX_ONLY.test(hex) || exposure.armPeriod < 1)
    throw new RangeError('not a click id exposure');
  const bytes = Buffer.from(hex, 'hex');
  const key = keys.current;
  return `${VERSION}${key.id}.${Buffer.concat([bytes, mac(key, bytes)]).toString('base64url')}`;
}

/**
 * The exposure a click id names, only when LinkHub signed it with a key of `keys` (current or still
 * listed previous), it is unaltered, and it was minted within the last 90 days and not more than
 * five minutes ahead of `now`. Anything else is refused with its reason; never throws.
 */
export function verifyClickId(keys: ClickIdKeyring, text: string, now: Date): ClickIdCheck {
  if (text.length > 200 || !text.startsWith(VERSION)) return { ok: false, reason: 'malformed' };
  const dot = text.indexOf('.');
  const keyId = text.slice(VERSION.length, dot);
  const body = text.slice(dot + 1);
  if (dot < 0 || !KEY_ID.test(keyId) || !BASE64URL.test(body)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(body, 'base64url');
  // Only the canonical spelling: a second text for the same bytes is a different id.
  if (bytes.length !== EXPOSURE_BYTES + MAC_BYTES || bytes.toString('base64url') !== body)
    return { ok: false, reason: 'malformed' };
  const key = [keys.current, ...keys.previous].find((k) => k.id === keyId);
  if (!key) return { ok: false, reason: 'unknown_key' };
  const exposure = bytes.subarray(0, EXPOSURE_BYTES);
  if (!timingSafeEqual(mac(key, exposure), bytes.subarray(EXPOSURE_BYTES)))
    return { ok: false, reason: 'bad_signature' };
  const at = new Date(exposure.readUInt32BE(34) * 1000);
  if (at.getTime() > now.getTime() + CLICK_ID_MAX_SKEW_MS) return { ok: false, reason: 'future' };
  if (at.getTime() < now.getTime() - CLICK_ID_MAX_AGE_MS) return { ok: false, reason: 'expired' };
  const armPeriod = exposure.readUInt16BE(16);
  if (armPeriod < 1) return { ok: false, reason: 'malformed' };
  const hex = exposure.toString('hex');
  return {
    ok: true,
    at,
    click: {
      experimentId: hexUuid(hex.slice(0, 32)),
      armPeriod,
      variantId: hexUuid(hex.slice(36, 68)),
      day: utcDay(at),
      visitorKey: hex.slice(76, 92),
    },
  };
}

/**
 * `url` with `lh_click=<id>` added (before any fragment). The id is base64url, so it needs no
 * escaping; a destination that already carries the parameter has it replaced through URL parsing.
 */
export function withClickId(url: string, clickId: string): string {
  if (url.includes(`${CLICK_ID_PARAM}=`)) {
    try {
      const parsed = new URL(url);
      parsed.searchParams.set(CLICK_ID_PARAM, clickId);
      return parsed.toString();
    } catch {
      return url;
    }
  }
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${CLICK_ID_PARAM}=${clickId}${fragment}`;
}
