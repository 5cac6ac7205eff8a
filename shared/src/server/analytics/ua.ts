import { hash } from 'node:crypto';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { DeviceType } from '../../cache/payload';
import { BoundedMemo } from '../../cache/bounded-memo';

/** The non-identifying facts kept from a User-Agent (the string itself is discarded). */
export type UaFacts = {
  deviceType: DeviceType;
  osFamily: string | null;
  browserFamily: string | null;
  isBot: boolean;
};

const DESKTOP_OS = new Set([
  'Windows',
  'macOS',
  'Mac OS',
  'Linux',
  'Ubuntu',
  'Debian',
  'Fedora',
  'Chromium OS',
  'Chrome OS',
  'FreeBSD',
  'OpenBSD',
]);

function deviceTypeOf(type: string | undefined, osName: string | undefined): DeviceType {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined) return osName !== undefined && DESKTOP_OS.has(osName) ? 'desktop' : 'other';
  return 'other';
}

function clip(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value.slice(0, 64);
}

/** Parses without caching (tests, one-off use). */
export function parseUserAgent(userAgent: string): UaFacts {
  const result = UAParser(userAgent);
  return {
    deviceType: deviceTypeOf(result.device.type, result.os.name),
    osFamily: clip(result.os.name),
    browserFamily: clip(result.browser.name),
    isBot: userAgent === '' || isbot(userAgent),
  };
}

/**
 * The key a per-process memo files a User-Agent under: its SHA-256 (base64), so no memo keeps the
 * raw string beyond the request. Computed once per request (`RequestFacts.uaKey`) and shared by the
 * UA-family memo and the ua_hash memo.
 */
export function uaMemoKey(userAgent: string): string {
  return hash('sha256', userAgent, 'base64');
}

export type UaParser = (userAgent: string, key?: string) => UaFacts;

/** A parser with a bounded per-process memo keyed by `uaMemoKey` (pass it when already computed): the same few thousand User-Agents make most traffic. */
export function createUaParser(capacity = 2000): UaParser {
  const memo = new BoundedMemo<string, UaFacts>(capacity);
  return (userAgent, key = uaMemoKey(userAgent)) => {
    const hit = memo.get(key);
    if (hit) return hit;
    const facts = parseUserAgent(userAgent.slice(0, 512));
    memo.set(key, facts);
    return facts;
  };
}
