import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { SERVICE_ENTRIES, type ServiceName } from '../../scripts/build/entries';
import { edgeEnvSchema } from '../../edge/src/env';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';
import { workerEnvSchema } from '../../worker/src/env';

/**
 * docker/compose.yml and the process-level scale-out topology (e2e/scale-out/stack.ts) describe one
 * deployment: the same instances, entry points, variables (each accepted by its
 * service's env schema), the same HAProxy file with every variable it expands set, and the
 * pooler and Redis roles the services are told about. No container runtime runs here; this is
 * what keeps the file honest.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** The edge, sync-server and worker images: one recipe, `--build-arg SERVICE=<service>`. */
const SERVICE_DOCKERFILE = 'docker/service/Dockerfile';

/** Compose's own interpolation, with test values for the variables an operator must set. */
function interpolate(text: string): string {
  const given: Record<string, string> = {
    DB_PASSWORD: 'test-password',
    AUTH_SECRET: 'a'.repeat(64),
    CLICK_ID_KEY: `k1:${'c'.repeat(64)}`,
  };
  return text.replace(
    /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => {
      const value = given[name];
      if (value !== undefined) return value;
      if (kind === '-') return rest ?? '';
      throw new Error(`compose.yml needs ${name} and the test gives no value for it`);
    },
  );
}

const serviceSchema = z.object({
  image: z.string().optional(),
  build: z
    .object({
      context: z.string(),
      dockerfile: z.string(),
      args: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).default({}),
  volumes: z.array(z.string()).default([]),
  networks: z.record(z.string(), z.object({ ipv4_address: z.string() })).optional(),
});
const composeSchema = z.object({ services: z.record(z.string(), serviceSchema) });
type ComposeService = z.infer<typeof serviceSchema>;

const compose = composeSchema.parse(parse(interpolate(read('docker/compose.yml')), { merge: true }));
const serviceNamed = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`docker/compose.yml has no service ${name}`);
  return service;
};

/** The scale-out e2e's instances, as its stack defines them: define('<kind>', '<name>'). */
function scaleOutInstances(): Array<{ kind: ServiceName; name: string }> {
  const source = read('e2e/scale-out/stack.ts');
  const found = [...source.matchAll(/define\('(edge|sync-server|worker)', '([\w-]+)'\)/g)];
  return found.map((m) => ({
    kind: z.enum(['edge', 'sync-server', 'worker']).parse(m[1]),
    name: m[2] ?? '',
  }));
}

const ENV_SCHEMAS = {
  edge: edgeEnvSchema,
  'sync-server': syncServerEnvSchema,
  worker: workerEnvSchema,
} as const;

/** The port a service's /healthz answers on. */
function healthPort(kind: ServiceName, env: Record<string, string>): string | undefined {
  return kind === 'worker' ? env.WORKER_HEALTH_PORT : env.PORT;
}

describe('docker/compose.yml describes the scale-out topology', () => {
  const instances = scaleOutInstances();

  it('has every instance the scale-out e2e runs, with the same compiled entry point, built by the one service Dockerfile', () => {
    expect(instances.map((i) => i.kind).sort()).toEqual([
      'edge',
      'edge',
      'sync-server',
      'sync-server',
      'worker',
      'worker',
    ]);
    for (const { kind, name } of instances) {
      const service = serviceNamed(name);
      expect(service.command, name).toEqual(['node', SERVICE_ENTRIES[kind]]);
      expect(service.build?.dockerfile, name).toBe(SERVICE_DOCKERFILE);
      expect(service.build?.args?.SERVICE, name).toBe(kind);
    }
  });

  it('gives each instance only variables its service reads, and values its env schema accepts', () => {
    for (const { kind, name } of instances) {
      const env = serviceNamed(name).environment;
      const schema = ENV_SCHEMAS[kind];
      const unknown = Object.keys(env).filter((key) => !(key in schema.shape));
      expect(unknown, `${name}: variables ${kind} does not read`).toEqual([]);
      expect(() => parseEnvOrThrow(schema, env), name).not.toThrow();
    }
  });

  it('puts every service on PgBouncer in transaction mode, with statements unnamed for its version', () => {
    const ini = read('docker/pgbouncer/pgbouncer.ini');
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    const listenPort = /^listen_port = (\d+)$/m.exec(ini)?.[1];
    // Debian's package (1.18, the tests' version) keeps no named statement unless max_prepared_statements is set (≥ 1.21).
    expect(read('docker/pgbouncer/Dockerfile')).toMatch(/apt-get install .*pgbouncer/);
    const keepsNames = /^max_prepared_statements = [1-9]/m.test(ini);
    for (const { name } of instances) {
      const env = serviceNamed(name).environment;
      const url = new URL(env.DATABASE_URL ?? '');
      expect(`${url.hostname}:${url.port}`, name).toBe(`pgbouncer:${listenPort}`);
      expect(env.DATABASE_PREPARED_STATEMENTS, name).toBe(keepsNames ? 'named' : 'unnamed');
    }
    // The migrator holds a session advisory lock: it goes to PostgreSQL itself.
    expect(new URL(serviceNamed('migrate').environment.DATABASE_URL ?? '').hostname).toBe('postgres');
  });

  it('sends the cache role to an evicting Redis and the stream/queue role to a noeviction one', () => {
    const policyOf = (name: string) => {
      const command = serviceNamed(name).command ?? [];
      return command[command.indexOf('--maxmemory-policy') + 1];
    };
    for (const { name } of instances) {
      const env = serviceNamed(name).environment;
      const cache = new URL(env.CACHE_REDIS_URL ?? '').hostname;
      const queue = new URL(env.QUEUE_REDIS_URL ?? '').hostname;
      expect(policyOf(cache), `${name} cache`).toBe('allkeys-lru');
      expect(policyOf(queue), `${name} queue`).toBe('noeviction');
      expect(new URL(env.REDIS_URL ?? '').hostname, `${name} REDIS_URL`).toBe(queue);
    }
  });

  it("mounts the scale-out e2e's HAProxy file and fills in every variable it expands, pointing at the instances", () => {
    const cfgPath = 'e2e/scale-out/haproxy.cfg';
    const cfg = read(cfgPath);
    const haproxy = serviceNamed('haproxy');
    expect(haproxy.volumes.some((v) => v.startsWith(`../${cfgPath}:`))).toBe(true);
    const expanded = [...cfg.matchAll(/"\$\{(LH_\w+)\}"/g)].map((m) => m[1] ?? '');
    expect(expanded.length).toBeGreaterThan(0);
    for (const variable of expanded) expect(haproxy.environment[variable], variable).toBeDefined();
    // `server edge1 "${LH_EDGE_1}"`: the server is the compose service of that name, on the port it listens on.
    const servers = [...cfg.matchAll(/^\s*server (\S+) "\$\{(LH_\w+)\}"/gm)];
    expect(servers.map((m) => m[1]).sort()).toEqual(
      instances
        .filter((i) => i.kind !== 'worker')
        .map((i) => i.name)
        .sort(),
    );
    for (const [, server = '', variable = ''] of servers) {
      const instance = instances.find((i) => i.name === server);
      if (!instance)
        throw new Error(`haproxy.cfg names ${server}, which the scale-out topology does not run`);
      const port = healthPort(instance.kind, serviceNamed(server).environment);
      expect(haproxy.environment[variable]).toBe(`${server}:${port}`);
    }
    // The edges believe HAProxy's forwarded-for, and only its.
    const address = haproxy.networks?.default?.ipv4_address;
    for (const { name } of instances.filter((i) => i.kind !== 'worker'))
      expect(serviceNamed(name).environment.TRUSTED_PROXIES).toBe(`${address}/32`);
  });

  it('builds each service image in stages from one Dockerfile, runs it as a non-root user and checks its /healthz', () => {
    const dockerfile = read(SERVICE_DOCKERFILE);
    const stage = (name: string) => {
      const start = dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm'));
      expect(start, `stage ${name}`).toBeGreaterThanOrEqual(0);
      const next = dockerfile.indexOf('\nFROM ', start + 1);
      return dockerfile.slice(start, next === -1 ? undefined : next);
    };
    expect(dockerfile.match(/^FROM /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    // The last stage is the runtime SERVICE names; it and every per-service stage run as `node`.
    expect(dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')).trim()).toBe('FROM runtime-${SERVICE}');
    const runtime = stage('runtime');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime, 'no compiler at run time').not.toMatch(/tsx/);
    for (const kind of Object.keys(SERVICE_ENTRIES) as ServiceName[]) {
      const own = stage(`runtime-${kind}`);
      expect(own, kind).toMatch(/^FROM runtime AS /);
      expect(own, kind).not.toMatch(/^USER (?!node)/m);
      expect(own, kind).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
      expect(own, kind).toContain(`CMD ["node", "${SERVICE_ENTRIES[kind]}"]`);
      expect(own, `${kind}: no compiler at run time`).not.toMatch(/tsx/);
    }
    for (const kind of Object.keys(SERVICE_ENTRIES))
      expect(existsSync(path.join(ROOT, `docker/${kind}/Dockerfile`)), kind).toBe(false);
  });
});
