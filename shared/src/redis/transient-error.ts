/**
 * Replies a Redis Cluster gives while a slot is moving or its master is being replaced: the same
 * command succeeds a moment later (D-360).
 */
const TRANSIENT_REPLIES = /^(CLUSTERDOWN|TRYAGAIN|MOVED|ASK|LOADING|READONLY|MASTERDOWN)\b/;

/**
 * True when a failed command may succeed if sent again soon: the connection went away (a crashed
 * node, a failover, a timeout) or the cluster said so. False for a refusal that will repeat
 * (a wrong type, out of memory under noeviction, a script error).
 */
export function isTransientRedisError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // ioredis's ReplyError (a reply from Redis itself) is exported untyped; its name tells it apart.
  if (error.name === 'ReplyError') return TRANSIENT_REPLIES.test(error.message);
  return true;
}
