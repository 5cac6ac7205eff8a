import { existsSync } from 'node:fs';
import path from 'node:path';

/** bench/visit's knobs (environment) and fixed sizes, read once. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WARMUP_SECONDS = 2;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const SEEDED_LINKS = 150_000;
export const SCAN_SPACE = 1_000_000;
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const PINNED = process.env.BENCH_PIN !== '0' && existsSync('/usr/bin/taskset');
export const SERVER_CPU = '1';
/**
 * `BENCH_WORKER_NICE` (6): the worker's niceness. Nice 6 weighs 272 against an edge's 1024, as
 * docker/compose.yml's `cpu_shares: 256` weighs a worker container against an edge's default 1024:
 * on a shared host ingest takes the CPU the redirects leave (0 runs it at the edge's priority).
 */
export const WORKER_NICENESS = Number(process.env.BENCH_WORKER_NICE ?? 6);
export const LOAD_CPU = '0';
/** `BENCH_CPU_PROF=<dir>`: the edge and worker processes write V8 CPU profiles there. */
export const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

/** The rows of the table, in the order of a round. */
export const CEILING = 'node:http fixed 302 (ceiling)';
export const BARE = 'bare Hono + one Redis GET';
export const HIT = 'edge hit, capture on, worker consuming';
export const MISS = 'edge, distinct misses (slugs that cannot exist)';
export const SCAN = `edge, random-slug scan (1..${SCAN_SPACE.toLocaleString('en')}, ${SEEDED_LINKS.toLocaleString('en')} exist)`;
export const MISS_BEFORE = 'edge without the filter, distinct misses';
