import { ValidationError } from '@linkhub/shared/errors/app-error';
import { hasRoomFor } from '@linkhub/shared/entitlements/plans';
import type { ImportedLink } from '@linkhub/shared/imports/imported-link';
import type {
  ImportMeta,
  ImportRequest,
  ImportRowResult,
  ImportRowStatus,
} from '@linkhub/shared/imports/api';
import { IMPORT_ROW_STATUSES } from '@linkhub/shared/imports/api';
import { parseExport } from '@linkhub/shared/imports/parse-export';
import { createLinkInputSchema } from '@linkhub/shared/schemas/links';
import { rows } from '@linkhub/shared/server/db/sql';
import type { AppDeps } from '../../http/app-deps';
import type { V1Caller } from '../../http/caller';
import { billingStateOf } from '../../kernel/billing-facts';
import { quotaUsage } from '../../kernel/quota-usage';
import { domainIdForHost } from '../domains';
import { BULK_MAX_LINKS, bulkCreateLinks } from '../links';

type Candidate = {
  at: number;
  host: string;
  slug: string;
  body: Record<string, unknown>;
  clicks: number | null;
};

const result = (
  row: number,
  status: ImportRowStatus,
  link: ImportedLink | null,
  host: string | null,
  extra: Partial<ImportRowResult> = {},
): ImportRowResult => ({
  row,
  status,
  slug: link === null ? null : link.slug.toLowerCase(),
  domain: host,
  destination_url: link?.destinationUrl ?? null,
  link_id: null,
  imported_clicks: link?.clicks ?? null,
  error: null,
  ...extra,
});

/** The workspace's own verified link domains: an imported link already on one of them keeps it. */
async function ownLinkHosts(deps: AppDeps, workspaceId: string): Promise<Set<string>> {
  const found = await rows<{ hostname: string }>(
    deps.pool,
    `SELECT hostname FROM custom_domains
      WHERE workspace_id = $1 AND status = 'verified' AND deleted_at IS NULL AND purpose IN ('links', 'all')`,
    [workspaceId],
  );
  return new Set(found.map((d) => d.hostname));
}

/** The links and QR reservations already holding these (host, slug) pairs, whoever owns them. */
async function holders(deps: AppDeps, candidates: readonly Candidate[]) {
  const hosts = candidates.map((c) => c.host);
  const slugs = candidates.map((c) => c.slug);
  const links = await rows<{ key: string; id: string; workspace_id: string; destination_url: string }>(
    deps.pool,
    `SELECT d.hostname || '/' || l.slug AS key, l.id, l.workspace_id, l.destination_url
       FROM unnest($1::text[], $2::text[]) AS wanted (host, slug)
       JOIN custom_domains d ON d.hostname = wanted.host AND d.deleted_at IS NULL
       JOIN links l ON l.domain_id = d.id AND l.slug = wanted.slug`,
    [hosts, slugs],
  );
  const reserved = await rows<{ key: string }>(
    deps.pool,
    `SELECT d.hostname || '/' || r.slug AS key
       FROM unnest($1::text[], $2::text[]) AS wanted (host, slug)
       JOIN custom_domains d ON d.hostname = wanted.host AND d.deleted_at IS NULL
       JOIN qr_slug_reservations r ON r.domain_id = d.id AND r.slug = wanted.slug`,
    [hosts, slugs],
  );
  return { links: new Map(links.map((l) => [l.key, l])), reserved: new Set(reserved.map((r) => r.key)) };
}

/**
 * `POST /v1/imports` (D-631): reads the export, checks each row as `POST /v1/links` would, reports
 * rows already imported as unchanged (so a re-run creates nothing twice) and rows whose address is
 * taken as conflicts; then, unless it is a dry run, creates the rest through the bulk create (an item
 * per savepoint, batches of BULK_MAX_LINKS) and keeps each link's imported click total.
 */
export async function runImport(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  input: ImportRequest,
): Promise<{ data: ImportRowResult[]; meta: ImportMeta }> {
  const parsed = parseExport(input.source, input.content);
  if (!parsed.ok)
    throw new ValidationError([{ field: 'content', issue: 'unreadable_export' }], {
      message: parsed.problem,
    });
  const fallbackHost = input.domain ?? deps.config.LINK_HOST;
  await domainIdForHost(deps.pool, caller.workspaceId, fallbackHost);
  const own = await ownLinkHosts(deps, caller.workspaceId);

  const results: ImportRowResult[] = [];
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const row of parsed.rows) {
    if ('problem' in row) {
      results.push(
        result(row.row, 'invalid', null, null, {
          error: { code: 'validation_failed', message: row.problem },
        }),
      );
      continue;
    }
    const { link } = row;
    const host = link.sourceHost !== null && own.has(link.sourceHost) ? link.sourceHost : fallbackHost;
    const body = {
      destination_url: link.destinationUrl,
      slug: link.slug.toLowerCase(),
      domain: host,
      ...(link.title === null ? {} : { title: link.title.slice(0, 120) }),
      ...(link.tags.length === 0 ? {} : { tags: link.tags.slice(0, 20) }),
      ...(link.expiresAt === null ? {} : { expires_at: link.expiresAt }),
    };
    const checked = createLinkInputSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const message = issue === undefined ? 'invalid' : `${issue.path.join('.')}: ${issue.message}`;
      results.push(result(row.row, 'invalid', link, host, { error: { code: 'validation_failed', message } }));
      continue;
    }
    const key = `${host}/${body.slug}`;
    if (seen.has(key)) {
      results.push(
        result(row.row, 'conflict', link, host, {
          error: {
            code: 'slug_taken',
            message: `${key} appears earlier in the file (slugs ignore case here)`,
          },
        }),
      );
      continue;
    }
    seen.add(key);
    results.push(result(row.row, 'would_create', link, host));
    candidates.push({ at: results.length - 1, host, slug: body.slug, body, clicks: link.clicks });
  }

  const held =
    candidates.length === 0
      ? { links: new Map(), reserved: new Set<string>() }
      : await holders(deps, candidates);
  const creatable: Candidate[] = [];
  for (const candidate of candidates) {
    const key = `${candidate.host}/${candidate.slug}`;
    const existing = held.links.get(key);
    const target = results[candidate.at];
    if (target === undefined) continue;
    const wanted = createLinkInputSchema.parse(candidate.body).destination_url;
    if (
      existing !== undefined &&
      existing.workspace_id === caller.workspaceId &&
      existing.destination_url === wanted
    )
      Object.assign(target, { status: 'unchanged', link_id: existing.id });
    else if (existing !== undefined)
      Object.assign(target, {
        status: 'conflict',
        error: { code: 'slug_taken', message: `${key} is already a link to another destination` },
      });
    else if (held.reserved.has(key))
      Object.assign(target, {
        status: 'conflict',
        error: { code: 'qr_slug_reserved', message: `${key} belongs to a QR code` },
      });
    else creatable.push(candidate);
  }

  if (input.dry_run) await markOverPlan(deps, caller.workspaceId, creatable, results);
  else await createAll(deps, caller, requestId, input.source, creatable, results);

  const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((status) => [status, 0])) as Record<
    ImportRowStatus,
    number
  >;
  for (const r of results) counts[r.status] += 1;
  return {
    data: results,
    meta: { source: input.source, format: parsed.format, dry_run: input.dry_run, counts },
  };
}

/** A dry run says which rows the plan's link limit would refuse, as the real run would. */
async function markOverPlan(
  deps: AppDeps,
  workspaceId: string,
  creatable: readonly Candidate[],
  results: ImportRowResult[],
) {
  const billing = await billingStateOf(deps.pool, workspaceId, new Date());
  if (billing === null) return;
  let used = await quotaUsage(deps.pool, workspaceId, 'links');
  for (const candidate of creatable) {
    const target = results[candidate.at];
    if (target === undefined) continue;
    if (hasRoomFor(billing.plan, 'links', used)) used += 1;
    else
      Object.assign(target, {
        status: 'failed',
        error: {
          code: 'plan_limit_reached',
          message: `The ${billing.plan} plan holds ${billing.limits.links ?? 'unlimited'} links.`,
        },
      });
  }
}

async function createAll(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  source: ImportRequest['source'],
  creatable: readonly Candidate[],
  results: ImportRowResult[],
) {
  for (let start = 0; start < creatable.length; start += BULK_MAX_LINKS) {
    const batch = creatable.slice(start, start + BULK_MAX_LINKS);
    const { data } = await bulkCreateLinks(
      deps,
      caller,
      requestId,
      batch.map((c) => c.body),
    );
    const totals: Array<{ id: string; clicks: number }> = [];
    for (const item of data) {
      const candidate = batch[item.index];
      const target = candidate === undefined ? undefined : results[candidate.at];
      if (candidate === undefined || target === undefined) continue;
      if (item.status === 'created') {
        Object.assign(target, { status: 'created', link_id: item.link.id });
        if (candidate.clicks !== null) totals.push({ id: item.link.id, clicks: candidate.clicks });
      } else
        Object.assign(target, {
          status: 'failed',
          error: { code: item.error.code, message: item.error.message },
        });
    }
    if (totals.length > 0)
      await deps.pool.query(
        `INSERT INTO imported_click_totals (link_id, workspace_id, source, clicks)
         SELECT id, $1, $2, clicks FROM unnest($3::uuid[], $4::bigint[]) AS t (id, clicks)
         ON CONFLICT (link_id) DO NOTHING`,
        [caller.workspaceId, source, totals.map((t) => t.id), totals.map((t) => t.clicks)],
      );
  }
}
