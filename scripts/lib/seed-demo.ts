import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import { createDb } from '@linkhub/shared/server/db/client';
import { isValidOrderKey, orderKeys } from '@linkhub/shared/blocks/order-keys';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import {
  createUser,
  findUserByEmail,
  markEmailVerified,
  setPassword,
} from '../../sync-server/src/identity/users';
import { billingAccountFor, insertWorkspace } from '../../sync-server/src/identity/workspaces';
import { findApiKeyByToken, insertApiKey, scopesAllowedFor } from '../../sync-server/src/identity/api-keys';
import { one, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';

export const DEMO_EMAIL = 'demo@linkhub.localhost';
export const OTHER_EMAIL = 'other@linkhub.localhost';

export type SeedHosts = { linkHost: string; bioHost: string };
export type SeedAccount = { workspace_id: string; api_key: string };
export type SeedResult = {
  created: boolean;
  email: string;
  password: string;
  workspace_id: string;
  api_key: string;
  other: SeedAccount;
};
/** What an earlier run wrote to demo.json, reused when it still matches the database. */
export type PreviousSeed = {
  password: string;
  workspace_id: string;
  api_key: string;
  other: SeedAccount;
} | null;

/** A password a person can type: `demo-` and 12 base32 characters. */
function newPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return `demo-${[...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

async function ownedWorkspace(
  db: Queryable,
  userId: string,
): Promise<{ id: string; member_id: string } | undefined> {
  return one<{ id: string; member_id: string }>(
    db,
    `SELECT w.id, m.id AS member_id FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $1 AND m.role = 'owner' AND m.deleted_at IS NULL
      WHERE w.owner_user_id = $1 AND w.deleted_at IS NULL ORDER BY w.created_at LIMIT 1`,
    [userId],
  );
}

async function newKey(
  tx: Queryable,
  userId: string,
  workspace: { id: string; member_id: string },
  name: string,
): Promise<string> {
  const { key } = await insertApiKey(tx, {
    workspaceId: workspace.id,
    userId,
    memberId: workspace.member_id,
    name,
    scopes: scopesAllowedFor('owner'),
    expiresAt: null,
  });
  return key;
}

async function keyIsLive(db: Queryable, workspaceId: string, key: string): Promise<boolean> {
  const row = await findApiKeyByToken(db, key);
  return row !== undefined && row.workspace_id === workspaceId && row.revoked_at === null;
}

async function createAccount(
  tx: pg.PoolClient,
  input: { email: string; name: string; password: string; workspaceName: string; plan: 'business' | 'pro' },
): Promise<{ userId: string; workspace: { id: string; member_id: string } }> {
  const user = await createUser(tx, { email: input.email, name: input.name, password: input.password });
  await markEmailVerified(tx, user.id);
  const account = await billingAccountFor(tx, user.id, input.plan);
  await tx.query('UPDATE billing_accounts SET plan_key = $2 WHERE id = $1', [account.id, input.plan]);
  const { workspace, ownerMemberId } = await insertWorkspace(tx, {
    name: input.workspaceName,
    ownerUserId: user.id,
    billingAccountId: account.id,
    plan: input.plan,
  });
  return { userId: user.id, workspace: { id: workspace.id, member_id: ownerMemberId } };
}

const DEMO_LINKS = [
  { slug: 'docs', url: 'https://example.com/docs', title: 'Product docs', tags: ['docs'] },
  {
    slug: 'launch',
    url: 'https://example.com/blog/launch?ref=lnk',
    title: 'Launch post',
    tags: ['marketing', 'blog'],
  },
  { slug: 'shop', url: 'https://shop.example.com/', title: 'Shop', tags: ['shop'] },
] as const;

/** The demo user's content: a few short links, a dynamic QR code and a published bio page. */
async function seedContent(
  tx: pg.PoolClient,
  userId: string,
  workspaceId: string,
  domains: { link: string; bio: string },
): Promise<void> {
  for (const link of DEMO_LINKS) {
    await tx.query(
      `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title, tags, created_by_user_id, updated_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [workspaceId, domains.link, link.slug, link.url, link.title, link.tags, userId],
    );
  }
  await tx.query(
    `INSERT INTO qr_codes (workspace_id, domain_id, slug, title, destination_url, design, created_by_user_id, updated_by_user_id)
     VALUES ($1, $2, 'menu', 'Café table menu', 'https://example.com/menu', $3, $4, $4)`,
    [
      workspaceId,
      domains.link,
      JSON.stringify({ foreground: '#111827', background: '#ffffff', error_correction: 'M' }),
      userId,
    ],
  );
  const sample = {
    ...samplePageSnapshot({ links: 4 }),
    title: 'LinkHub Demo',
    bio: 'A demo bio page seeded by npm start.\nEdit it in the LinkHub editor.',
  };
  const page = await one<{ id: string }>(
    tx,
    `INSERT INTO bio_pages (workspace_id, domain_id, handle, title, bio, theme, created_by_user_id, updated_by_user_id)
     VALUES ($1, $2, 'demo', $3, $4, $5, $6, $6) RETURNING id`,
    [workspaceId, domains.bio, sample.title, sample.bio ?? '', JSON.stringify(sample.theme), userId],
  );
  if (!page) throw new Error('seed: bio page insert returned no row');
  const blocks: Array<{ id: string; type: string; data: unknown }> = [];
  const positions = orderKeys(sample.blocks.length);
  for (const [index, block] of sample.blocks.entries()) {
    const row = await one<{ id: string }>(
      tx,
      `INSERT INTO bio_blocks (page_id, workspace_id, position, type, data, created_by_user_id, updated_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [page.id, workspaceId, positions[index], block.type, JSON.stringify(block.data), userId],
    );
    if (!row) throw new Error('seed: bio block insert returned no row');
    blocks.push({ id: row.id, type: block.type, data: block.data });
  }
  const snapshot = {
    page: {
      id: page.id,
      workspace_id: workspaceId,
      handle: 'demo',
      title: sample.title,
      bio: sample.bio,
      lang: 'en',
      theme: sample.theme,
    },
    blocks,
  };
  await tx.query(
    `UPDATE bio_pages SET published_snapshot = $2, published_revision = draft_revision, published_at = now() WHERE id = $1`,
    [page.id, JSON.stringify(snapshot)],
  );
  await tx.query(
    `INSERT INTO bio_page_versions (page_id, workspace_id, version, kind, draft_revision, snapshot, created_by_user_id)
     VALUES ($1, $2, 1, 'published', 1, $3, $4)`,
    [page.id, workspaceId, JSON.stringify(snapshot), userId],
  );
}

/**
 * Earlier seeds wrote positions the order-key library refuses (`a000`, …): a block could not move
 * above them. Renumbers, in their current order, the live blocks of every page of `workspaceId`
 * that holds such a key. Returns how many pages it repaired.
 */
export async function repairOrderKeys(tx: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await tx.query<{ id: string; page_id: string; position: string }>(
    `SELECT id, page_id, position FROM bio_blocks WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY page_id, position, id`,
    [workspaceId],
  );
  const byPage = new Map<string, Array<{ id: string; position: string }>>();
  for (const row of rows) byPage.set(row.page_id, [...(byPage.get(row.page_id) ?? []), row]);
  let repaired = 0;
  for (const blocks of byPage.values()) {
    if (blocks.every((b) => isValidOrderKey(b.position))) continue;
    const keys = orderKeys(blocks.length);
    for (const [index, block] of blocks.entries()) {
      await tx.query('UPDATE bio_blocks SET position = $2 WHERE id = $1', [block.id, keys[index]]);
    }
    repaired += 1;
  }
  return repaired;
}

/**
 * Idempotent dev seed (docs/product-rules.md#api): the demo account (Business plan) with links, a QR code and a
 * published bio page; a second account with its own workspace for tenancy checks; an API key for
 * each. A re-run reuses what `previous` (the last demo.json) says when it still matches the
 * database, and otherwise resets the demo password and issues fresh keys.
 */
export async function seedDemo(
  databaseUrl: string,
  hosts: SeedHosts,
  previous: PreviousSeed,
): Promise<SeedResult> {
  const handle = createDb(databaseUrl, { max: 2, applicationName: 'linkhub-seed' });
  try {
    const domains = await ensureSystemDomains(handle.db, hosts);
    const pool = handle.pool;
    return await withTransaction(pool, async (tx) => {
      const existing = await findUserByEmail(tx, DEMO_EMAIL);
      if (!existing) {
        const password = newPassword();
        const demo = await createAccount(tx, {
          email: DEMO_EMAIL,
          name: 'Demo User',
          password,
          workspaceName: 'Demo Workspace',
          plan: 'business',
        });
        await seedContent(tx, demo.userId, demo.workspace.id, {
          link: domains.linkDomainId,
          bio: domains.bioDomainId,
        });
        const other = await createAccount(tx, {
          email: OTHER_EMAIL,
          name: 'Other Tenant',
          password: newPassword(),
          workspaceName: 'Other Workspace',
          plan: 'pro',
        });
        await tx.query(
          `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title, created_by_user_id) VALUES ($1, $2, 'other-private', 'https://example.org/private', 'Not yours', $3)`,
          [other.workspace.id, domains.linkDomainId, other.userId],
        );
        return {
          created: true,
          email: DEMO_EMAIL,
          password,
          workspace_id: demo.workspace.id,
          api_key: await newKey(tx, demo.userId, demo.workspace, 'Demo key'),
          other: {
            workspace_id: other.workspace.id,
            api_key: await newKey(tx, other.userId, other.workspace, 'Other tenant key'),
          },
        };
      }
      const otherUser = await findUserByEmail(tx, OTHER_EMAIL);
      const demoWorkspace = await ownedWorkspace(tx, existing.id);
      const otherWorkspace = otherUser ? await ownedWorkspace(tx, otherUser.id) : undefined;
      if (!otherUser || !demoWorkspace || !otherWorkspace) {
        throw new Error(
          `seed: ${DEMO_EMAIL} exists but its workspaces are incomplete; reset the database (drop database linkhub) and start again`,
        );
      }
      await repairOrderKeys(tx, demoWorkspace.id);
      const reusable =
        previous !== null &&
        previous.workspace_id === demoWorkspace.id &&
        previous.other.workspace_id === otherWorkspace.id &&
        (await keyIsLive(tx, demoWorkspace.id, previous.api_key)) &&
        (await keyIsLive(tx, otherWorkspace.id, previous.other.api_key));
      if (reusable) {
        const { password, workspace_id, api_key, other } = previous;
        return {
          created: false,
          email: DEMO_EMAIL,
          password,
          workspace_id,
          api_key,
          other: { workspace_id: other.workspace_id, api_key: other.api_key },
        };
      }
      // demo.json was lost or is stale: the password and keys exist only as hashes, so issue new ones.
      const password = newPassword();
      await setPassword(tx, existing.id, password);
      return {
        created: false,
        email: DEMO_EMAIL,
        password,
        workspace_id: demoWorkspace.id,
        api_key: await newKey(tx, existing.id, demoWorkspace, 'Demo key (reissued)'),
        other: {
          workspace_id: otherWorkspace.id,
          api_key: await newKey(tx, otherUser.id, otherWorkspace, 'Other tenant key (reissued)'),
        },
      };
    });
  } finally {
    await handle.close();
  }
}
