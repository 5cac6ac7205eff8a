import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { links } from '@linkhub/shared/server/db/schema/links';
import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import {
  archiveLink,
  createLink,
  pauseLink,
  restoreLink,
  resumeLink,
  setLinkPassword,
  updateLink,
  LINK_UPDATABLE,
} from '@linkhub/shared/mutators/links';
import { hashLinkPassword } from '@linkhub/shared/server/crypto/link-password';
import { withEntryIds } from '@linkhub/shared/schemas/targeting';
import { one } from '@linkhub/shared/server/db/sql';
import { assertNoTestDecides } from '../experiments';
import { assertSafeAppUrl, assertSafeDestination } from '../../kernel/destination-safety';
import { storedSocialPreview } from '@linkhub/shared/link-previews/social-preview';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { linkHostFor } from '../../kernel/domain-lookup';
import { scheduleRedirectRefresh } from '../../kernel/redirect-cache';
import { insertAddress } from '../../kernel/address-created';
import { keepNewerFields, nothingLeft, storedFields } from '../../kernel/field-conflicts';
import { snapshotVersionAndAudit, withConflicts, type VersionOf } from '../../kernel/support';
import { recordChange } from '../../kernel/change-record';
import { assertFolderUsable } from './folder-check';
import type { ResourceWebhookEvent } from '../../kernel/webhook-events';
import { LINK_EVENTS } from './webhook-events';

import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import { defineCommand } from '../../kernel/types';

type LinkRow = RowOf<
  typeof links,
  | 'id'
  | 'workspaceId'
  | 'domainId'
  | 'slug'
  | 'title'
  | 'destinationUrl'
  | 'qrCodeId'
  | 'tags'
  | 'utm'
  | 'rules'
  | 'destinations'
  | 'startsAt'
  | 'expiresAt'
  | 'socialPreview'
  | 'iosUrl'
  | 'androidUrl'
  | 'expiredDestinationUrl'
  | 'maxClicks'
  | 'folderId'
  | 'note'
> & {
  host: string;
};

const INSERT_LINK = `INSERT INTO links (id, workspace_id, domain_id, slug, destination_url, title, tags, utm, created_by_user_id, updated_by_user_id, folder_id, note)
  SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::text[], $8::jsonb, $9::uuid, $9::uuid, $10::uuid, $11::text`;

/**
 * A generated slug is taken in the INSERT itself: skipped when a link or a QR reservation holds it
 * on this host (links and QR codes share one namespace per host), then tried again with another.
 * An id conflict stays the error it always is.
 */
const INSERT_LINK_FREE_SLUG = `${INSERT_LINK}
  WHERE NOT EXISTS (SELECT 1 FROM qr_slug_reservations WHERE domain_id = $3 AND slug = $4)
  ON CONFLICT (domain_id, slug) DO NOTHING`;
const SLUG_ATTEMPTS = 5;

function previewFetchJob(linkId: string, destinationUrl: string, now: Date): JobRequest {
  return {
    queue: 'link-preview-fetch',
    name: 'link-preview-fetch',
    data: { link_id: linkId, destination_url: destinationUrl },
    jobId: `link-preview-${linkId}-${now.getTime()}`,
  };
}

const LINK_VERSION = (id: string, summary: string): VersionOf => ({
  table: 'link_versions',
  ownerColumn: 'link_id',
  source: 'links',
  id,
  summary,
});

async function loadLink(ctx: CommandContext, workspaceId: string, id: string): Promise<LinkRow> {
  const link = await one<LinkRow>(
    ctx.tx,
    `SELECT l.id, l.workspace_id, l.domain_id, l.slug, l.title, l.destination_url, l.qr_code_id,
            l.tags, l.utm, l.rules, l.destinations, l.starts_at, l.expires_at,
            l.social_preview, l.ios_url, l.android_url, l.expired_destination_url, l.max_clicks, l.folder_id, l.note, d.hostname AS host
       FROM links l JOIN custom_domains d ON d.id = l.domain_id
      WHERE l.id = $1 AND l.workspace_id = $2 AND l.deleted_at IS NULL FOR UPDATE OF l`,
    [id, workspaceId],
  );
  if (!link) throw new NotFoundError();
  return link;
}

const describeLink: Command['describe'] = async (ctx, raw) => {
  // The args were refused, possibly by the schema: read them defensively, never trust their shape.
  const args = raw as { id?: unknown; workspace_id?: unknown };
  if (typeof args.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(args.id)) return { workspaceId: null };
  const row = await one<RowOf<typeof links, 'title' | 'slug' | 'workspaceId'>>(
    ctx.tx,
    'SELECT title, slug, workspace_id FROM links WHERE id = $1',
    [args.id],
  );
  return row && row.workspace_id === args.workspace_id
    ? { workspaceId: row.workspace_id, resource: { type: 'link', id: args.id, title: row.title ?? row.slug } }
    : { workspaceId: null };
};

export const createLinkCommand = defineCommand(createLink, {
  webhookEvent: LINK_EVENTS.created,
  describe: async (_ctx, raw) => ({
    workspaceId: null,
    resource: {
      type: 'link',
      id: String((raw as { id?: unknown }).id ?? ''),
      title: String((raw as { title?: unknown }).title ?? 'a new link'),
    },
  }),
  run: async (ctx, args): Promise<CommandResult> => {
    await assertSafeDestination(args.destination_url, ctx.resolveHost);
    const host = await linkHostFor(ctx, args.workspace_id, args.domain_id);
    await assertFolderUsable(ctx, args.workspace_id, args.folder_id);
    const insertWith = (slug: string): Promise<CommandResult | null> =>
      insertAddress(
        ctx,
        ctx.deps.cache,
        {
          kind: 'link',
          id: args.id,
          workspaceId: args.workspace_id,
          host: host.hostname,
          slug,
          destinationUrl: args.destination_url,
          title: args.title,
        },
        {
          text: args.slug === undefined ? INSERT_LINK_FREE_SLUG : INSERT_LINK,
          values: [
            args.id,
            args.workspace_id,
            host.id,
            slug,
            args.destination_url,
            args.title ?? null,
            args.tags ?? [],
            JSON.stringify(args.utm ?? {}),
            ctx.by.userId,
            args.folder_id ?? null,
            args.note ?? null,
          ],
        },
      );
    if (args.slug !== undefined) {
      const created = await insertWith(args.slug);
      if (created) return created;
    } else {
      for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
        const created = await insertWith(ctx.deps.generateSlug());
        if (created) return created;
      }
    }
    throw new ConflictError('slug_taken', {
      message: 'No free slug was found on this domain; choose one.',
      details: [{ field: 'slug', issue: 'slug_taken' }],
    });
  },
});

export const updateLinkCommand = defineCommand(updateLink, {
  webhookEvent: LINK_EVENTS.updated,
  describe: describeLink,
  run: async (ctx, edit) => {
    const before = await loadLink(ctx, edit.workspace_id, edit.id);
    const result = {
      workspaceId: edit.workspace_id,
      resource: { type: 'link', id: edit.id, title: before.title ?? before.slug },
    };
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      current: await storedFields(
        ctx,
        edit.base,
        `SELECT ${LINK_UPDATABLE.join(', ')} FROM links WHERE id = $1`,
        [edit.id],
      ),
      resource: { ...result.resource, workspaceId: edit.workspace_id },
      mutation: updateLink.name,
      ref: { id: edit.id, workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['id', 'workspace_id'])) return result;
    // One A/B concept per link (D-515): no split while a test decides.
    if (args.destinations !== undefined && args.destinations.length > 0)
      await assertNoTestDecides(ctx, args.workspace_id, args.id);
    if (args.destination_url !== undefined)
      await assertSafeDestination(args.destination_url, ctx.resolveHost);
    await assertFolderUsable(ctx, args.workspace_id, args.folder_id);
    // A rule's or a split's destination is where visitors go too: the same check, field by field.
    for (const [i, rule] of (args.rules ?? []).entries())
      await assertSafeDestination(rule.destination_url, ctx.resolveHost, `rules.${i}.destination_url`);
    for (const [i, split] of (args.destinations ?? []).entries())
      await assertSafeDestination(split.url, ctx.resolveHost, `destinations.${i}.url`);
    // App links (D-625): an https one is a destination like any other; an app scheme reaches no server.
    if (typeof args.ios_url === 'string') await assertSafeAppUrl(args.ios_url, ctx.resolveHost, 'ios_url');
    if (typeof args.android_url === 'string')
      await assertSafeAppUrl(args.android_url, ctx.resolveHost, 'android_url');
    if (args.expired_url) await assertSafeDestination(args.expired_url, ctx.resolveHost, 'expired_url');
    const sets: string[] = [];
    const values: unknown[] = [args.id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (args.destination_url !== undefined) set('destination_url', args.destination_url);
    if (args.slug !== undefined) set('slug', args.slug);
    if (args.title !== undefined) set('title', args.title);
    if (args.tags !== undefined) set('tags', args.tags);
    if (args.utm !== undefined) set('utm', JSON.stringify(args.utm));
    // Entries sent without an id get a UUID here, so the redirect payload keeps every one.
    if (args.rules !== undefined) set('rules', JSON.stringify(withEntryIds(args.rules)));
    if (args.destinations !== undefined) set('destinations', JSON.stringify(withEntryIds(args.destinations)));
    if (args.starts_at !== undefined) set('starts_at', args.starts_at);
    if (args.expires_at !== undefined) set('expires_at', args.expires_at);
    if (args.social_preview !== undefined) {
      const preview = storedSocialPreview(args.social_preview);
      set('social_preview', preview === null ? null : JSON.stringify(preview));
      // A card left partly empty is filled from the destination's own tags, after commit (D-625).
      if (preview !== null && Object.values(preview).includes(null))
        ctx.effects.enqueue(
          previewFetchJob(args.id, args.destination_url ?? before.destination_url, ctx.now),
        );
    }
    if (args.ios_url !== undefined) set('ios_url', args.ios_url);
    if (args.android_url !== undefined) set('android_url', args.android_url);
    if (args.folder_id !== undefined) set('folder_id', args.folder_id);
    if (args.note !== undefined) set('note', args.note);
    // Access controls (D-616): a new cap ends the link at once when the persisted count already reaches it.
    if (args.expired_url !== undefined) set('expired_destination_url', args.expired_url);
    if (args.max_clicks !== undefined) {
      set('max_clicks', args.max_clicks);
      sets.push(
        `click_limit_reached_at = CASE WHEN $${values.length}::int IS NOT NULL AND click_count >= $${values.length}::int THEN COALESCE(click_limit_reached_at, now()) END`,
      );
    }
    set('updated_by_user_id', ctx.by.userId);
    await withConflicts(() =>
      ctx.tx.query(
        `UPDATE links SET ${sets.join(', ')}, current_version = current_version + 1, updated_at = now() WHERE id = $1`,
        values,
      ),
    );
    await recordChange(ctx, {
      workspaceId: args.workspace_id,
      action: args.destination_url !== undefined ? 'link.destination_changed' : 'link.updated',
      resourceType: 'link',
      resourceId: args.id,
      table: 'links',
      rowId: args.id,
      before,
      fields: [...LINK_UPDATABLE, 'expired_destination_url', 'max_clicks'],
      version: LINK_VERSION(args.id, 'updated'),
    });
    const host = before.host;
    scheduleRedirectRefresh(ctx, ctx.deps.cache, host, args.slug ?? before.slug);
    // A slug change leaves the old address unknown: refresh it too, so it stops resolving.
    if (args.slug !== undefined && args.slug !== before.slug)
      scheduleRedirectRefresh(ctx, ctx.deps.cache, host, before.slug);
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return result;
  },
});

/** The password is hashed here, inside the command; neither it nor its hash is audited (D-615). */
export const setLinkPasswordCommand = defineCommand(setLinkPassword, {
  describe: describeLink,
  webhookEvent: LINK_EVENTS.updated,
  run: async (ctx, args) => {
    const before = await loadLink(ctx, args.workspace_id, args.id);
    const hash = args.password === null ? null : await hashLinkPassword(args.password);
    await ctx.tx.query(
      `UPDATE links SET password_hash = $2, current_version = current_version + 1, updated_by_user_id = $3, updated_at = now() WHERE id = $1`,
      [args.id, hash, ctx.by.userId],
    );
    const action = hash === null ? 'link.password_removed' : 'link.password_set';
    await snapshotVersionAndAudit(ctx, LINK_VERSION(args.id, action), {
      workspaceId: args.workspace_id,
      action,
      resourceType: 'link',
      resourceId: args.id,
    });
    scheduleRedirectRefresh(ctx, ctx.deps.cache, before.host, before.slug);
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'link', id: args.id, title: before.title ?? before.slug },
    };
  },
});

const lifecycle = (
  mutator: MutatorDefinition<string, typeof pauseLink.args>,
  sql: string,
  auditAction: string,
  webhookEvent: ResourceWebhookEvent,
): Command<typeof pauseLink.args> =>
  defineCommand(mutator, {
    describe: describeLink,
    webhookEvent,
    run: async (ctx, args) => {
      const before = await loadLink(ctx, args.workspace_id, args.id);
      await ctx.tx.query(
        `UPDATE links SET ${sql}, current_version = current_version + 1, updated_by_user_id = $2, updated_at = now() WHERE id = $1`,
        [args.id, ctx.by.userId],
      );
      await snapshotVersionAndAudit(ctx, LINK_VERSION(args.id, auditAction), {
        workspaceId: args.workspace_id,
        action: auditAction,
        resourceType: 'link',
        resourceId: args.id,
      });
      scheduleRedirectRefresh(ctx, ctx.deps.cache, before.host, before.slug);
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return {
        workspaceId: args.workspace_id,
        resource: { type: 'link', id: args.id, title: before.title ?? before.slug },
      };
    },
  });

export const pauseLinkCommand = lifecycle(pauseLink, "status = 'paused'", 'link.paused', LINK_EVENTS.updated);
export const resumeLinkCommand = lifecycle(
  resumeLink,
  "status = 'active'",
  'link.resumed',
  LINK_EVENTS.updated,
);
export const archiveLinkCommand = lifecycle(
  archiveLink,
  'archived_at = now()',
  'link.archived',
  LINK_EVENTS.archived,
);
export const restoreLinkCommand = lifecycle(
  restoreLink,
  'archived_at = NULL',
  'link.restored',
  LINK_EVENTS.updated,
);
