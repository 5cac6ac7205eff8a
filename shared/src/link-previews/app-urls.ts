import { z } from 'zod';
import { MAX_URL_LENGTH } from '../schemas/common';
import { carriesCredentials } from '../url/credentials';

/**
 * The app schemes a link's `ios_url` / `android_url` may use (D-625): apps people link to from a
 * post, one list for every door. Anything else that is not an https universal/app link is refused,
 * so `javascript:`, `data:`, `file:`, `intent:` and the like can never reach a visitor.
 */
export const APP_URL_SCHEMES = [
  'instagram',
  'youtube',
  'vnd.youtube',
  'spotify',
  'twitter',
  'x',
  'tiktok',
  'snssdk1233',
  'fb',
  'fb-messenger',
  'whatsapp',
  'zoomus',
  'linkedin',
  'pinterest',
  'snapchat',
  'tg',
  'discord',
  'twitch',
  'soundcloud',
  'music',
  'itms-apps',
  'market',
] as const;

const APP_SCHEME_SET: ReadonlySet<string> = new Set(APP_URL_SCHEMES);
/** Control characters and spaces: never part of an app URL a visitor is sent to. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0020\u007f-\u009f]/;

/** Why an app URL is refused (the `reason` of its validation detail); null when it is allowed. */
export function appUrlProblem(value: string): 'not_a_url' | 'scheme' | 'credentials' | null {
  if (value === '' || value.length > MAX_URL_LENGTH || UNPRINTABLE.test(value)) return 'not_a_url';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'not_a_url';
  }
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https') {
    if (parsed.hostname === '') return 'not_a_url';
    return carriesCredentials(value) ? 'credentials' : null;
  }
  if (!APP_SCHEME_SET.has(scheme)) return 'scheme';
  // `instagram:` alone opens nothing: an app URL names something after its scheme.
  return value.length > parsed.protocol.length ? null : 'not_a_url';
}

/** True for an https universal/app link or an allow-listed app scheme's URL. */
export const isAllowedAppUrl = (value: string): boolean => appUrlProblem(value) === null;

/** A link's `ios_url` / `android_url`: what the deep-link page opens on that platform. */
export const appUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .superRefine((value, ctx) => {
    const problem = appUrlProblem(value);
    if (problem === null) return;
    ctx.addIssue({
      code: 'custom',
      message:
        problem === 'scheme'
          ? `An app link must be https:// or one of these app schemes: ${APP_URL_SCHEMES.join(', ')}.`
          : problem === 'credentials'
            ? 'An app link must not carry a user name or password.'
            : 'Enter a full app link, like instagram://user?username=name or https://….',
      params: { issue: 'invalid_app_url', reason: problem },
    });
  });
