import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { parseClusterUrl } from '../../redis/cluster-url';

/**
 * A connection to one role's Redis: a single server, or a Redis Cluster when the role URL says so
 * (`redis+cluster://…`, D-360). Both speak the same commands; code that needs a single node (a
 * server setting, a SCAN) asks `serversOf`.
 */
export type RedisClient = Redis | Cluster;

/**
 * Options as for one server. On a cluster, the connection-level ones (offline queue, auto-pipelining)
 * apply to the cluster client and the rest to each node's connection; `retryStrategy` becomes the
 * cluster's reconnect strategy. `cluster.resendOnFailover` (default true): whether a command whose
 * node died before answering is sent to the node that took over.
 */
export function openRedis(
  url: string,
  options: RedisOptions = {},
  cluster: { resendOnFailover?: boolean } = {},
): RedisClient {
  const seeds = parseClusterUrl(url);
  if (seeds === null) return new Redis(url, options);
  const { enableOfflineQueue, enableAutoPipelining, retryStrategy, lazyConnect, ...nodeOptions } = options;
  return new Cluster(
    seeds.seeds.map((seed) => ({ host: seed.host, port: seed.port })),
    {
      ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      ...(enableAutoPipelining === undefined ? {} : { enableAutoPipelining }),
      ...(retryStrategy === undefined ? {} : { clusterRetryStrategy: retryStrategy }),
      ...(lazyConnect === undefined ? {} : { lazyConnect }),
      // A failover moves slots: retry MOVED/TRYAGAIN/CLUSTERDOWN (never executed) for a few seconds
      // instead of failing. A command whose node's connection closed may have run: it is sent again
      // unless the caller settles such commands itself (`resendOnFailover: false`, capture's XADD).
      retryDelayOnFailover: cluster.resendOnFailover === false ? 0 : 200,
      retryDelayOnClusterDown: 300,
      retryDelayOnTryAgain: 100,
      slotsRefreshTimeout: 2_000,
      redisOptions: {
        ...nodeOptions,
        ...(seeds.username === undefined ? {} : { username: seeds.username }),
        ...(seeds.password === undefined ? {} : { password: seeds.password }),
        ...(seeds.tls ? { tls: {} } : {}),
      },
    },
  );
}

/** The servers behind a client: itself, or every master of a cluster (for server settings such as the eviction policy). */
export function serversOf(client: RedisClient): Redis[] {
  return client instanceof Cluster ? client.nodes('master') : [client];
}

export function isCluster(client: RedisClient): client is Cluster {
  return client instanceof Cluster;
}

/** Another connection to the same Redis or cluster (a subscriber, a blocking reader). */
export function duplicateRedis(client: RedisClient): RedisClient {
  return client instanceof Cluster ? client.duplicate() : client.duplicate();
}
