import type { Context } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { nulCharacterIssue } from '@linkhub/shared/schemas/json-bounds';
import { FORWARDED_FOR_HEADER, clientIp } from '@linkhub/shared/server/analytics/client-ip';
import { throttleKey } from '@linkhub/shared/analytics/throttle-key';
import type { AppEnv } from './app-env';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from '../identity/session-token';
import type { Accounts } from '../identity/context';

/** Parses a JSON body with `schema`; bad JSON or a bad shape is 400 validation_failed, one entry per field. */
export async function parseBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  let body: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ValidationError([{ field: 'body', issue: 'malformed' }], {
        message: 'The request body is not valid JSON.',
      });
    }
  }
  refuseNulCharacters(body);
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const query = c.req.query();
  refuseNulCharacters(query);
  const result = schema.safeParse(query);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

function refuseNulCharacters(value: unknown): void {
  const issue = nulCharacterIssue(value);
  if (issue)
    throw new ValidationError([issue], { message: 'The request holds a character that cannot be stored.' });
}

/** A path parameter that must be a UUID; anything else is answered exactly like a missing row. */
export function uuidParam(c: Context<AppEnv>, name: string): string {
  const value = c.req.param(name) ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : '00000000-0000-0000-0000-000000000000';
}

export function setSessionCookie(c: Context<AppEnv>, accounts: Accounts, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: accounts.secureCookies,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>, accounts: Accounts): void {
  deleteCookie(c, SESSION_COOKIE, {
    path: '/',
    secure: accounts.secureCookies,
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/** The client IP (socket, or the trusted-proxy forwarded-for hop) — used only to derive a keyed hash, never stored. */
export function requestIp(c: Context<AppEnv>, accounts: Accounts): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // in-process requests (app.request) have no socket
  }
  return clientIp(socket, c.req.header(FORWARDED_FOR_HEADER), accounts.trustedProxies) ?? 'unknown';
}

/**
 * What every throttle counts a client by (D-485): its address, or for IPv6 its network (the
 * configured prefix, /64 by default), since one IPv6 client holds a whole /64.
 */
export function requestNetwork(c: Context<AppEnv>, accounts: Accounts): string {
  return throttleKey(requestIp(c, accounts), accounts.config.THROTTLE_IPV6_PREFIX);
}

/** A short, non-identifying label for the session list ("Chrome on macOS"), never the raw User-Agent. */
export function clientLabel(c: Context<AppEnv>): string | null {
  const ua = c.req.header('User-Agent') ?? '';
  const browser = /Electron\//.test(ua)
    ? 'Desktop app'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /Electron\//.test(ua)
              ? 'Desktop app'
              : null;
  // iOS before macOS: an iPhone's User-Agent says "like Mac OS X".
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}
