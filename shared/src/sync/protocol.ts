import { z } from 'zod';

/** Replicache push/pull protocol version 1 request bodies (the server validates them like any input). */
export const mutationSchema = z.object({
  clientID: z.string().min(1).max(128),
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  timestamp: z.number(),
});
export type PushMutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  pushVersion: z.literal(1),
  clientGroupID: z.string().min(1).max(128),
  mutations: z.array(mutationSchema).max(5000),
  profileID: z.string().max(128),
  schemaVersion: z.string().max(64),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const pullCookieSchema = z.object({
  order: z.number().int().nonnegative(),
  cvr: z.number().int().nonnegative(),
});
export type PullCookie = z.infer<typeof pullCookieSchema>;

export const pullRequestSchema = z.object({
  pullVersion: z.literal(1),
  clientGroupID: z.string().min(1).max(128),
  cookie: pullCookieSchema.nullable(),
  profileID: z.string().max(128),
  schemaVersion: z.string().max(64),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export type PatchOperation =
  { op: 'put'; key: string; value: unknown } | { op: 'del'; key: string } | { op: 'clear' };

export type PullResponse =
  | { cookie: PullCookie; lastMutationIDChanges: Record<string, number>; patch: PatchOperation[] }
  | { error: 'ClientStateNotFound' };
