import { z } from 'zod';

/** An id or name of the protocol: stored as text, so never a NUL (PostgreSQL refuses U+0000). */
const protocolText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((value) => !value.includes('\u0000'), { message: 'Contains a NUL character.' });

/** Replicache push/pull protocol version 1 request bodies (the server validates them like any input). */
export const mutationSchema = z.object({
  clientID: protocolText(1, 128),
  id: z.number().int().positive(),
  name: protocolText(1, 100),
  args: z.unknown(),
  timestamp: z.number(),
});
export type PushMutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  pushVersion: z.literal(1),
  clientGroupID: protocolText(1, 128),
  mutations: z.array(mutationSchema).max(5000),
  profileID: protocolText(0, 128),
  schemaVersion: protocolText(0, 64),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/**
 * What a push answers (besides Replicache's own error shapes): each pushing client's last mutation
 * id the server has now committed, applied or refused, so the device knows those changes are saved
 * before its next pull confirms them (D-561).
 */
export const pushResponseSchema = z.object({
  lastMutationIDs: z.record(z.string(), z.number().int().nonnegative()),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const pullCookieSchema = z.object({
  order: z.number().int().nonnegative(),
  cvr: z.number().int().nonnegative(),
});
export type PullCookie = z.infer<typeof pullCookieSchema>;

export const pullRequestSchema = z.object({
  pullVersion: z.literal(1),
  clientGroupID: protocolText(1, 128),
  cookie: pullCookieSchema.nullable(),
  profileID: protocolText(0, 128),
  schemaVersion: protocolText(0, 64),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export type PatchOperation =
  { op: 'put'; key: string; value: unknown } | { op: 'del'; key: string } | { op: 'clear' };

export type PullResponse =
  | { cookie: PullCookie; lastMutationIDChanges: Record<string, number>; patch: PatchOperation[] }
  | { error: 'ClientStateNotFound' };
