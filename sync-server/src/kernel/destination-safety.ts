import {
  bareHost,
  isIP,
  isPrivateHostName,
  isUnsafeAddress,
  type ResolveHost,
} from '@linkhub/shared/server/net/address-policy';
import { SemanticError } from '@linkhub/shared/errors/app-error';
import { ownEntry } from '@linkhub/shared/text/own-entry';
import { opensVisitorApp } from '@linkhub/shared/blocks/escape';
import { appUrlProblem } from '@linkhub/shared/link-previews/app-urls';
import { MAX_URL_LENGTH } from '@linkhub/shared/schemas/common';
import { carriesCredentials, CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';

// The address policy moved to shared (the worker's webhook delivery reads it too).
export {
  cachedResolver,
  isUnsafeAddress,
  systemResolveHost,
  type ResolveHost,
} from '@linkhub/shared/server/net/address-policy';

/** Why, in words, where the reason is one a person can act on (the notice and the REST message say it). */
const REASON_MESSAGES: Readonly<Record<string, string>> = {
  private_address: 'The destination points at a private or local network address.',
  private_host: 'The destination points at a private or local network address.',
  scheme: 'The destination must be an http:// or https:// address.',
};

function unsafe(field: string, reason: string, credentialsSentence = CREDENTIALS_SENTENCE): SemanticError {
  const message = reason === 'credentials' ? credentialsSentence : ownEntry(REASON_MESSAGES, reason);
  // The detail carries the sentence too: forms show it beside the field the refusal names.
  const said = message === undefined ? {} : { message };
  return new SemanticError('destination_unsafe', {
    ...said,
    details: [{ field, issue: 'destination_unsafe', reason, ...said }],
  });
}

/**
 * Destination safety (docs/product-rules.md#api), for every create/update through either door: http(s) only, no
 * credentials, ≤ 2,048 characters, and no host that is — or resolves to — a loopback, private,
 * link-local, CGNAT or metadata address. A host that does not resolve at all is allowed (it cannot
 * reach anything internal today); it is checked again on its next edit.
 */
export async function assertSafeDestination(
  url: string,
  resolveHost: ResolveHost,
  field = 'destination_url',
  credentialsSentence = CREDENTIALS_SENTENCE,
): Promise<void> {
  if (url.length > MAX_URL_LENGTH) throw unsafe(field, 'too_long');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw unsafe(field, 'not_a_url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw unsafe(field, 'scheme');
  if (carriesCredentials(url)) throw unsafe(field, 'credentials', credentialsSentence);
  const host = bareHost(parsed);
  if (host === '') throw unsafe(field, 'no_host');
  if (isIP(host) !== 0) {
    if (isUnsafeAddress(host)) throw unsafe(field, 'private_address');
    return;
  }
  if (isPrivateHostName(host)) throw unsafe(field, 'private_host');
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch {
    return;
  }
  if (addresses.some(isUnsafeAddress)) throw unsafe(field, 'private_address');
}

/**
 * A link's `ios_url` / `android_url` (D-625): the schema already allows only https and the shared
 * app-scheme list; an https universal link passes the destination check, an app scheme's URL opens
 * an app on the visitor's phone and reaches no server of ours or theirs.
 */
export async function assertSafeAppUrl(url: string, resolveHost: ResolveHost, field: string): Promise<void> {
  const problem = appUrlProblem(url);
  if (problem !== null) throw unsafe(field, problem);
  if (url.toLowerCase().startsWith('https:')) await assertSafeDestination(url, resolveHost, field);
}

/**
 * Where a bio block sends visitors: a web address passes the same check as a short link's; a
 * `mailto:` or `tel:` address (a "Mail us" icon, a "Call us" button: the block schema allows them and
 * the edge's click hop answers 302 to them) opens the visitor's own mail or phone app and reaches no
 * server, so there is nothing inside to protect.
 */
export async function assertSafeBlockDestination(
  url: string,
  resolveHost: ResolveHost,
  field: string,
): Promise<void> {
  if (opensVisitorApp(url)) return;
  await assertSafeDestination(url, resolveHost, field);
}
