/**
 * The plan catalogue (docs/product-rules.md#plans-and-billing). This is the only place plan numbers live: every quota check,
 * feature gate, retention job and rate limiter reads them from here. `null` means unlimited.
 */
export const UNLIMITED = null;

export const PLANS = {
  free: {
    name: 'Free',
    limits: { workspaces: 1, bio_pages: 1, links: 50, qr_codes: 5, custom_domains: 0, members: 1 },
    features: { grants_enabled: false, experiments_enabled: false, targeting_rules_enabled: false },
    retention: { raw_click_days: 30, hourly_rollup_days: 30, change_history_days: 730 },
    api_requests_per_minute: 60,
  },
  pro: {
    name: 'Pro',
    limits: { workspaces: 1, bio_pages: 10, links: 2000, qr_codes: 200, custom_domains: 3, members: 3 },
    features: { grants_enabled: false, experiments_enabled: true, targeting_rules_enabled: true },
    retention: { raw_click_days: 90, hourly_rollup_days: 365, change_history_days: 1095 },
    api_requests_per_minute: 600,
  },
  business: {
    name: 'Business',
    limits: {
      workspaces: 10,
      bio_pages: UNLIMITED,
      links: UNLIMITED,
      qr_codes: UNLIMITED,
      custom_domains: 50,
      members: 25,
    },
    features: { grants_enabled: true, experiments_enabled: true, targeting_rules_enabled: true },
    retention: { raw_click_days: 730, hourly_rollup_days: UNLIMITED, change_history_days: UNLIMITED },
    api_requests_per_minute: 3000,
  },
} as const satisfies Record<string, PlanShape>;

type PlanShape = {
  readonly name: string;
  readonly limits: Readonly<
    Record<'workspaces' | 'bio_pages' | 'links' | 'qr_codes' | 'custom_domains' | 'members', number | null>
  >;
  readonly features: Readonly<
    Record<'grants_enabled' | 'experiments_enabled' | 'targeting_rules_enabled', boolean>
  >;
  /**
   * `change_history_days`: how long a resource's per-field change history is kept (D-505); never
   * shorter than the audit log's default, so no plan loses history it had before.
   */
  readonly retention: Readonly<
    Record<'raw_click_days' | 'hourly_rollup_days' | 'change_history_days', number | null>
  >;
  readonly api_requests_per_minute: number;
};

export type PlanKey = keyof typeof PLANS;
/** A counted quota: what `plan_limit_reached` details name in `field`. */
export type QuotaField = keyof PlanShape['limits'];
/** A boolean entitlement: what `plan_feature_unavailable` details name in `field`. */
export type FeatureKey = keyof PlanShape['features'];
export type RetentionKey = keyof PlanShape['retention'];

export const PLAN_KEYS = ['free', 'pro', 'business'] as const satisfies readonly PlanKey[];
export const QUOTA_FIELDS = [
  'workspaces',
  'bio_pages',
  'links',
  'qr_codes',
  'custom_domains',
  'members',
] as const satisfies readonly QuotaField[];
export const FEATURE_KEYS = [
  'grants_enabled',
  'experiments_enabled',
  'targeting_rules_enabled',
] as const satisfies readonly FeatureKey[];

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

/** The cap for a quota field, or `null` when the plan has none. */
export function limitFor(plan: PlanKey, field: QuotaField): number | null {
  return PLANS[plan].limits[field];
}

export function hasFeature(plan: PlanKey, feature: FeatureKey): boolean {
  return PLANS[plan].features[feature];
}

/** True when one more item may be created: `current` is what already counts toward the cap. */
export function hasRoomFor(plan: PlanKey, field: QuotaField, current: number): boolean {
  const limit = limitFor(plan, field);
  return limit === UNLIMITED || current < limit;
}

/** Days of retention, or `null` for unlimited. */
export function retentionDays(plan: PlanKey, kind: RetentionKey): number | null {
  return PLANS[plan].retention[kind];
}

export function apiRequestsPerMinute(plan: PlanKey): number {
  return PLANS[plan].api_requests_per_minute;
}

/** Plans that include a feature, cheapest first (for "available on Pro" prompts). */
export function plansWithFeature(feature: FeatureKey): PlanKey[] {
  return PLAN_KEYS.filter((plan) => hasFeature(plan, feature));
}
