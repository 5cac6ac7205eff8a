import type { FeatureKey, PlanKey, QuotaField } from '../entitlements/plans';
import type { Role } from './conditions';
import type { Action, TargetType } from './matrix';

export type UserActor = {
  readonly kind: 'user';
  readonly user: { readonly id: string; readonly email_verified: boolean; readonly suspended?: boolean };
  readonly session: {
    /** True when this session passed TOTP (needed when the workspace requires 2FA). */
    readonly two_factor_satisfied: boolean;
    /** When the user last re-entered their password in this session (step-up), if ever. */
    readonly reauthenticated_at?: Date | null;
  };
};

export type ApiKeyActor = {
  readonly kind: 'api_key';
  readonly api_key: {
    readonly id: string;
    /** The one workspace the key is bound to. */
    readonly workspace_id: string;
    readonly scopes: readonly string[];
    readonly revoked: boolean;
  };
};

export type Actor = UserActor | ApiKeyActor;

export type GrantRef = { readonly resource_type: string; readonly resource_id: string };

/** The actor's membership in the workspace (for an API key: the membership that created it). */
export type MembershipInput = {
  readonly id: string;
  readonly role: Role;
  /** `active` unless suspended by an admin. */
  readonly status: 'active' | 'suspended';
  /** Per-resource grants. Zero grants = unscoped (full workspace scope for the role). */
  readonly grants: readonly GrantRef[];
};

export type WorkspaceInput = {
  readonly id: string;
  readonly plan: PlanKey;
  readonly deleted: boolean;
  readonly require_two_factor: boolean;
  readonly billing: {
    /** Set by billing from dunning day 8 of past_due; authorize never computes it. */
    readonly writes_blocked: boolean;
    readonly grace_ends_at?: string | null;
    readonly invoice_url?: string | null;
  };
};

/** The resource the action addresses, as the server loaded it (null: not found). */
export type ResourceInput = {
  readonly type: TargetType;
  readonly id: string;
  readonly workspace_id: string;
  /** The grantable resource that governs access (a block's page, an experiment's link, a lead's page). */
  readonly parent?: { readonly type: string; readonly id: string } | null;
  /** Grantable resources that hold this one: a link's folder and that folder's parent (D-622). */
  readonly containers?: ReadonlyArray<{ readonly type: string; readonly id: string }>;
  readonly deleted?: boolean;
  readonly archived?: boolean;
  readonly locked_by_downgrade?: boolean;
  readonly pinned_to_qr_code?: boolean;
  /** Lifecycle state, for C8 rows (experiments). */
  readonly state?: string;
  /** For C7 rows (own records): the membership that created it. */
  readonly created_by_membership_id?: string | null;
  /** For member/grant/invitation rows: the role of the membership or invitation acted on. */
  readonly target_role?: Role;
};

/** For account-scoped actions (workspace.create, account.*, invitation.accept). */
export type AccountInput = {
  /** The plan of the billing account that will own a new workspace. */
  readonly plan: PlanKey;
  /** Active workspaces that billing account owns now. */
  readonly workspace_count: number;
  /** Non-deleted workspaces where this user is the sole Owner (blocks account.delete: the last-owner rule, docs/product-rules.md#permissions). */
  readonly sole_owner_workspace_ids?: readonly string[];
};

export type AuthorizeInput = {
  readonly actor: Actor | null;
  readonly action: Action;
  /** The workspace addressed by the request (path or body), null when none. */
  readonly workspaceId: string | null;
  /** The loaded workspace, null when it does not exist. */
  readonly workspace: WorkspaceInput | null;
  readonly membership: MembershipInput | null;
  /** Required when the row has a `target`; null when the lookup found nothing. */
  readonly resource?: ResourceInput | null;
  /** Current counts toward the action's quota field (docs/product-rules.md#plans-and-billing: archived and QR-pinned excluded). */
  readonly usage?: Partial<Record<QuotaField, number>>;
  /** Gated features the request body uses beyond the row's own (e.g. targeting rules on link.create). */
  readonly uses_features?: readonly FeatureKey[];
  /** For member.invite / member.change_role: the role being given. */
  readonly requested_role?: Role;
  /** For C6 rows: what the user typed and what it must equal. */
  readonly confirmation?: { readonly given: string | null | undefined; readonly expected: string };
  readonly account?: AccountInput;
  /** Clock for the step-up window; defaults to now. */
  readonly now?: Date;
};
