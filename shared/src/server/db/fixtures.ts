import { and, eq, isNull } from 'drizzle-orm';
import type { Database, DbExecutor } from './client';
import { uuidv7 } from './ids';
import {
  billingAccounts,
  users,
  workspaceMembers,
  workspaces,
  type MemberRole,
  type PlanKey,
} from './schema';

/**
 * Row factories that respect the database invariants (used by tests and the dev seed). A workspace is
 * always created with its billing account and its owner member in one transaction, because the
 * deferred owner check refuses a workspace without exactly one owner at COMMIT.
 */

export type NewUser = { email?: string; name?: string; passwordHash?: string; emailVerified?: boolean };

export async function insertUser(db: DbExecutor, input: NewUser = {}): Promise<typeof users.$inferSelect> {
  const id = uuidv7();
  const [row] = await db
    .insert(users)
    .values({
      id,
      email: input.email ?? `user-${id}@example.test`,
      name: input.name ?? 'Test User',
      passwordHash: input.passwordHash ?? null,
      passwordAlgo: input.passwordHash ? 'argon2id' : null,
      emailVerifiedAt: input.emailVerified === false ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('insertUser: no row returned');
  return row;
}

export type NewWorkspace = {
  ownerUserId: string;
  name?: string;
  slug?: string;
  plan?: PlanKey;
  /** reuse an existing billing account of the owner (Business: several workspaces per account) */
  billingAccountId?: string;
};

export type CreatedWorkspace = {
  workspace: typeof workspaces.$inferSelect;
  owner: typeof workspaceMembers.$inferSelect;
  billingAccountId: string;
};

export async function insertWorkspace(db: Database, input: NewWorkspace): Promise<CreatedWorkspace> {
  return db.transaction(async (tx) => {
    const plan = input.plan ?? 'free';
    let billingAccountId = input.billingAccountId;
    if (!billingAccountId) {
      const [account] = await tx
        .insert(billingAccounts)
        .values({ ownerUserId: input.ownerUserId, planKey: plan })
        .returning({ id: billingAccounts.id });
      if (!account) throw new Error('insertWorkspace: no billing account returned');
      billingAccountId = account.id;
    }
    const id = uuidv7();
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        id,
        name: input.name ?? 'Test Workspace',
        slug: input.slug ?? `ws-${id.slice(-12)}`,
        ownerUserId: input.ownerUserId,
        billingAccountId,
        currentPlanKey: plan,
      })
      .returning();
    const [owner] = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: id, userId: input.ownerUserId, role: 'owner' })
      .returning();
    if (!workspace || !owner) throw new Error('insertWorkspace: no row returned');
    return { workspace, owner, billingAccountId };
  });
}

export type NewMember = {
  workspaceId: string;
  userId: string;
  role: Exclude<MemberRole, 'owner'>;
  isScoped?: boolean;
};

export async function insertMember(
  db: DbExecutor,
  input: NewMember,
): Promise<typeof workspaceMembers.$inferSelect> {
  const [row] = await db
    .insert(workspaceMembers)
    .values({
      workspaceId: input.workspaceId,
      userId: input.userId,
      role: input.role,
      isScoped: input.isScoped ?? false,
    })
    .returning();
  if (!row) throw new Error('insertMember: no row returned');
  return row;
}

/** Transfers ownership in one transaction, in the order the single-owner index needs (demote, then promote). */
export async function transferOwnership(db: Database, workspaceId: string, toUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const live = and(eq(workspaceMembers.workspaceId, workspaceId), isNull(workspaceMembers.deletedAt));
    await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(and(live, eq(workspaceMembers.role, 'owner')));
    const promoted = await tx
      .update(workspaceMembers)
      .set({ role: 'owner', isScoped: false })
      .where(and(live, eq(workspaceMembers.userId, toUserId)))
      .returning({ id: workspaceMembers.id });
    if (promoted.length !== 1)
      throw new Error(`transferOwnership: ${toUserId} is not a member of ${workspaceId}`);
    await tx.update(workspaces).set({ ownerUserId: toUserId }).where(eq(workspaces.id, workspaceId));
  });
}
