import { z } from 'zod';
import { FEATURE_KEYS, PLAN_KEYS, QUOTA_FIELDS } from '../entitlements/plans';
import { WORKSPACE_BILLING_STATUSES } from './billing-state';
import { BILLING_INTERVALS, PAID_PLAN_KEYS } from './catalogue';

/**
 * The billing REST shapes (`/api/workspaces/{id}/quota` and `/billing…`), shared by the sync-server
 * that answers and the editor that reads them. JSON is snake_case; requests refuse unknown keys.
 */
export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(PAID_PLAN_KEYS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const LOCKABLE_RESOURCE_TYPES = ['bio_page', 'link', 'qr_code'] as const;
export type LockableResourceType = (typeof LOCKABLE_RESOURCE_TYPES)[number];

export const editableRequestSchema = z.strictObject({
  resource_type: z.enum(LOCKABLE_RESOURCE_TYPES),
  keep_ids: z.array(z.uuid()).max(10_000),
});

export const redirectUrlSchema = z.strictObject({ url: z.url() });

const usageSchema = z.strictObject({
  field: z.enum(QUOTA_FIELDS),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
});

/** The billing notice alone (`GET …/quota/billing-notice`): what the editor's past-due banner shows. */
export const billingNoticeSchema = z.strictObject({
  notice: z.enum(['none', 'trialing', 'past_due', 'writes_blocked', 'canceled']),
  status: z.enum(WORKSPACE_BILLING_STATUSES),
  dunning_day: z.number().int().nonnegative().nullable(),
  writes_blocked: z.boolean(),
  grace_ends_at: z.string().nullable(),
  /** Only the Owner gets it: it is where the invoice is paid. */
  invoice_url: z.string().nullable(),
  /** Who can resolve billing (the Admin's message names them). */
  owner: z.strictObject({ name: z.string(), email: z.string() }),
});

/** What every role may see: the plan's caps and current use, and the billing notice — no prices. */
export const quotaViewSchema = z.strictObject({
  plan: z.enum(PLAN_KEYS),
  plan_name: z.string(),
  usage: z.array(usageSchema),
  features: z.record(z.enum(FEATURE_KEYS), z.boolean()),
  billing: billingNoticeSchema,
  read_only: z.strictObject({
    bio_page: z.number().int(),
    link: z.number().int(),
    qr_code: z.number().int(),
  }),
});
export type QuotaView = z.infer<typeof quotaViewSchema>;
export type BillingNotice = z.infer<typeof billingNoticeSchema>;

export const invoiceViewSchema = z.strictObject({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  currency: z.string(),
  total_cents: z.number().int(),
  amount_due_cents: z.number().int(),
  issued_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf_url: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

const lockableItemSchema = z.strictObject({ id: z.string(), title: z.string(), edit_locked: z.boolean() });

/** The Owner's billing screen. */
export const billingViewSchema = z.strictObject({
  stripe_configured: z.boolean(),
  quota: quotaViewSchema,
  subscription: z
    .strictObject({
      plan: z.enum(PLAN_KEYS),
      interval: z.enum(BILLING_INTERVALS),
      status: z.string(),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      trial_ends_at: z.string().nullable(),
    })
    .nullable(),
  options: z.array(
    z.strictObject({
      plan: z.enum(PAID_PLAN_KEYS),
      interval: z.enum(BILLING_INTERVALS),
      trial_days: z.number().int().nonnegative(),
    }),
  ),
  invoices: z.array(invoiceViewSchema),
  /** Items over the plan's caps: which are read-only, for the "keep editable" choice. */
  over_cap: z.array(
    z.strictObject({
      resource_type: z.enum(LOCKABLE_RESOURCE_TYPES),
      limit: z.number().int().nonnegative(),
      items: z.array(lockableItemSchema),
    }),
  ),
});
export type BillingView = z.infer<typeof billingViewSchema>;
