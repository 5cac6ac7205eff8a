import { displayEmail, displayHost, displayUrl } from '@linkhub/shared/url/display-url';

/** An audit entry as `/api/workspaces/{id}/audit` lists it (the parts a sentence needs). */
export type AuditEntryFacts = {
  action: string;
  resource_type: string | null;
  resource_name?: string | null;
  changes?: unknown;
};

const NOUNS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    link: 'Link',
    qr_code: 'QR code',
    bio_page: 'Bio page',
    domain: 'Domain',
    webhook: 'Webhook',
    experiment: 'A/B test',
    api_key: 'API key',
    member: 'Member',
    invitation: 'Invitation',
    grant: 'Access',
    workspace: 'Workspace',
    billing: 'Plan',
    account: 'Account',
    lead: 'Sign-ups',
  }),
);

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `qr_code.destination_changed` → noun "QR code", phrase "destination changed"; an unknown domain keeps its words. */
function nounAndPhrase(action: string): { noun: string; phrase: string } {
  const dot = action.indexOf('.');
  const domain = dot === -1 ? action : action.slice(0, dot);
  const rest = dot === -1 ? '' : action.slice(dot + 1);
  const phrase = rest.replace(/two_factor/g, 'two-factor').replace(/[._]/g, ' ');
  return { noun: NOUNS.get(domain) ?? capitalised(domain.replace(/_/g, ' ')), phrase };
}

function destinationOf(side: unknown): string | null {
  if (typeof side !== 'object' || side === null || !('destination_url' in side)) return null;
  return typeof side.destination_url === 'string' ? side.destination_url : null;
}

/** Where a re-pointed link or QR code went from and to, as the editor shows addresses. */
function repointed(changes: unknown): string | null {
  if (typeof changes !== 'object' || changes === null) return null;
  const before = 'before' in changes ? destinationOf(changes.before) : null;
  const after = 'after' in changes ? destinationOf(changes.after) : null;
  return before !== null && after !== null && before !== after
    ? `from ${displayUrl(before)} to ${displayUrl(after)}`
    : null;
}

/**
 * One line of the audit log in words: `Link “Summer sale” destination changed from https://a.example/
 * to https://b.example/`. The name is the resource's current one (hosts as the editor shows them).
 */
export function auditSentence(entry: AuditEntryFacts): string {
  const { noun, phrase } = nounAndPhrase(entry.action);
  const rawName = entry.resource_name ?? null;
  const name =
    rawName === null
      ? null
      : entry.resource_type === 'domain'
        ? displayHost(rawName)
        : entry.resource_type === 'webhook'
          ? displayUrl(rawName)
          : rawName;
  const move = repointed(entry.changes);
  return [noun, name === null ? null : `“${name}”`, phrase, move].filter((part) => part).join(' ');
}

/** Who made an audit entry's change, as its actor is listed. */
export type AuditActor = { type: string; email: string | null; api_key_name?: string | null };

/** An API key by its name (a key is revoked, never deleted, so the name stays) and whose it is; a member by address; LinkHub itself. */
export function auditActor(actor: AuditActor): string {
  if (actor.type === 'api_key') {
    const key = actor.api_key_name ? `API key “${actor.api_key_name}”` : 'An API key';
    return actor.email === null ? key : `${key} (${displayEmail(actor.email)})`;
  }
  if (actor.email !== null) return displayEmail(actor.email);
  if (actor.type === 'system') return 'LinkHub';
  return capitalised(actor.type.replace(/_/g, ' '));
}
