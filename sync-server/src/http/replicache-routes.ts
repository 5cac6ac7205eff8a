import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { compress } from 'hono/compress';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { pullRequestSchema, pushRequestSchema, type PushResponse } from '@linkhub/shared/sync/protocol';
import type { AppEnv } from './app-env';
import type { AppDeps } from './app-deps';
import { commandActorOf } from '../kernel/types';
import { requireUser } from './session';
import { clientLabel } from './session-context';
import { handlePull } from '../sync/pull';
import { handlePush } from '../sync/push';

async function jsonBody(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError([{ field: 'body', issue: 'invalid_json' }], {
      message: 'The request body is not valid JSON.',
    });
  }
}

/** The Replicache doors (protocol version 1), for signed-in users only. */
export function replicacheRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A first pull of a large workspace is megabytes of JSON; gzip shrinks it several-fold on the wire.
  app.use('/replicache/pull', compress());

  app.post('/replicache/push', async (c) => {
    const user = await requireUser(c, deps);
    const parsed = pushRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const outcome = await handlePush(
      deps.commands,
      // The syncing client's own label (its browser family), so history names the device of this push.
      { ...commandActorOf(user, clientLabel(c)), userId: user.user.id },
      parsed.data,
      c.get('requestId'),
    );
    const answer: PushResponse = { lastMutationIDs: outcome.lastMutationIDs };
    return c.json(answer);
  });

  app.post('/replicache/pull', async (c) => {
    const user = await requireUser(c, deps);
    const parsed = pullRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return c.json(await handlePull(deps.pool, user.user.id, parsed.data));
  });

  app.get('/replicache/poke', async (c) => {
    const user = await requireUser(c, deps);
    c.header('Cache-Control', 'no-store');
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | null = null;
      let pending = false;
      const stop = await deps.pokes.listen(user.user.id, () => {
        pending = true;
        wake?.();
      });
      stream.onAbort(() => {
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '1' });
      while (!stream.aborted) {
        if (!pending) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 25_000);
          });
          wake = null;
        }
        if (stream.aborted) break;
        // Coalesce a burst of commits into one poke; a quiet period sends a keep-alive comment.
        await stream.writeSSE(pending ? { event: 'poke', data: '1' } : { event: 'ping', data: '' });
        pending = false;
      }
      await stop();
    });
  });

  return app;
}
