import type { ApiErrorDetail } from '../../api/api-error';

const FEATURE_NAMES: Record<string, string> = { experiments_enabled: 'A/B experiments' };
const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business' };

/**
 * The upgrade prompt, written from the refusal's details (docs/product-rules.md#plans-and-billing: `{field: experiments_enabled,
 * issue: feature_unavailable, plan: free}`), never from a hard-coded string about one plan.
 */
/** A refusal's detail; a plan refusal also names the plan. */
export type RefusalDetail = ApiErrorDetail & { readonly plan?: unknown };

export function UpgradePrompt({ details }: { details: readonly RefusalDetail[] }) {
  const detail = details.find((d) => d.issue === 'feature_unavailable');
  const feature = FEATURE_NAMES[detail?.field ?? ''] ?? 'This feature';
  const planKey =
    detail !== undefined && 'plan' in detail && typeof detail.plan === 'string' ? detail.plan : null;
  const plan = planKey === null ? 'your' : (PLAN_NAMES[planKey] ?? planKey);
  return (
    <p className="banner" role="status" data-testid="upgrade-prompt">
      {feature} are not part of the {plan} plan. <a href="/billing">Upgrade to Pro</a> to test two versions of
      a link and keep the one that converts better.
    </p>
  );
}
