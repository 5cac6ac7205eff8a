import type { ErrorDetail } from '../errors/details';
import { isPlanKey, PLANS, QUOTA_FIELDS, type QuotaField } from './plans';

const QUOTA_WORDS: Readonly<Record<QuotaField, readonly [one: string, many: string]>> = {
  workspaces: ['workspace', 'workspaces'],
  bio_pages: ['bio page', 'bio pages'],
  links: ['short link', 'short links'],
  qr_codes: ['dynamic QR code', 'dynamic QR codes'],
  custom_domains: ['custom domain', 'custom domains'],
  members: ['member', 'members'],
};

const isQuotaField = (value: string): value is QuotaField =>
  (QUOTA_FIELDS as readonly string[]).includes(value);

/**
 * The sentence for a `plan_limit_reached` denial, from its first detail: "The Free plan does not
 * include custom domains." when the plan allows none, else how many it includes. Undefined when the
 * details do not say (the registry's general sentence stands).
 */
export function planLimitMessage(details: readonly ErrorDetail[]): string | undefined {
  const detail = details[0];
  if (detail === undefined || detail.issue !== 'limit_reached' || !isQuotaField(detail.field))
    return undefined;
  const { limit, plan } = detail;
  if (typeof limit !== 'number' || !isPlanKey(plan)) return undefined;
  const [one, many] = QUOTA_WORDS[detail.field];
  const name = PLANS[plan].name;
  if (limit === 0) return `The ${name} plan does not include ${many}.`;
  return limit === 1
    ? `The ${name} plan includes 1 ${one}, already in use.`
    : `The ${name} plan includes ${limit.toLocaleString('en-US')} ${many}, all in use.`;
}
