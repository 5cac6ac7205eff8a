/**
 * The click id a redirect appends (`lh_click=…`) when its experiment converts on a reported
 * conversion (D-272). It names the exposure — experiment, arm period, variant, UTC day and a
 * visitor key — so `POST /v1/conversions` can count one conversion per visitor-day without anything
 * stored at redirect time and without a cookie. The visitor key (visitor-key.ts) is derived from the
 * day-salted visitor hash and the experiment id: the destination site never sees the hash itself.
 *
 * Format: `lhc1` + base64url of 46 bytes (experiment id 16, arm period 2, variant id 16, days since
 * 1970-01-01 4, visitor key 8). Pure, no I/O (Node's Buffer: the edge and the sync-server read it).
 */
export const CLICK_ID_PARAM = 'lh_click';
const PREFIX = 'lhc1';
const BYTES = 46;

export type ClickId = {
  readonly experimentId: string;
  readonly armPeriod: number;
  readonly variantId: string;
  /** UTC day of the exposure, YYYY-MM-DD. */
  readonly day: string;
  /** 16 lower-case hex characters. */
  readonly visitorKey: string;
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function bytesUuid(bytes: readonly number[]): string {
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function toBase64Url(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) out += B64[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): number[] | null {
  const bits: number[] = [];
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    bits.push(v);
  }
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 4) {
    const n =
      ((bits[i] ?? 0) << 18) | ((bits[i + 1] ?? 0) << 12) | ((bits[i + 2] ?? 0) << 6) | (bits[i + 3] ?? 0);
    out.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
  }
  return out.slice(0, Math.floor((bits.length * 6) / 8));
}

const DAY_MS = 86_400_000;

const DAY_HEX_WIDTH = 8;
const HEX_ONLY = /^[0-9a-f]+$/;

/** Hex of `value` in `width` digits (values here always fit). */
const hexOf = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** The click id of an exposure on `dayNumber` (days since 1970-01-01 UTC): the redirect's fast path. */
export function encodeClickIdOn(
  experimentId: string,
  armPeriod: number,
  variantId: string,
  dayNumber: number,
  visitorKey: string,
): string {
  const hex =
    `${experimentId.replace(/-/g, '')}${hexOf(armPeriod, 4)}${variantId.replace(/-/g, '')}${hexOf(dayNumber, DAY_HEX_WIDTH)}${visitorKey}`.toLowerCase();
  if (hex.length !== BYTES * 2 || !HEX_ONLY.test(hex)) throw new RangeError('not a click id exposure');
  return PREFIX + Buffer.from(hex, 'hex').toString('base64url');
}

export function encodeClickId(click: ClickId): string {
  const days = Math.floor(Date.parse(`${click.day}T00:00:00Z`) / DAY_MS);
  return encodeClickIdOn(click.experimentId, click.armPeriod, click.variantId, days, click.visitorKey);
}

/** The exposure a click id names, or null when it is not one (any other text). */
export function decodeClickId(text: string): ClickId | null {
  if (!text.startsWith(PREFIX)) return null;
  const bytes = fromBase64Url(text.slice(PREFIX.length));
  if (bytes === null || bytes.length !== BYTES) return null;
  if (toBase64Url(bytes) !== text.slice(PREFIX.length)) return null;
  const armPeriod = ((bytes[16] ?? 0) << 8) | (bytes[17] ?? 0);
  const days =
    (((bytes[34] ?? 0) << 24) | ((bytes[35] ?? 0) << 16) | ((bytes[36] ?? 0) << 8) | (bytes[37] ?? 0)) >>> 0;
  const at = new Date(days * DAY_MS);
  if (armPeriod < 1 || Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) return null;
  return {
    experimentId: bytesUuid(bytes.slice(0, 16)),
    armPeriod,
    variantId: bytesUuid(bytes.slice(18, 34)),
    day: utcDay(at),
    visitorKey: bytes
      .slice(38, 46)
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(''),
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
