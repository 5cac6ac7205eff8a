import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type WrkResult = { rps: number; p50Ms: number; p99Ms: number; requests: number; non2xx3xx: number; errors: number };
export type WrkRun = { url: string; host: string; seconds: number; connections: number; script?: string; cpu?: string };

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000;
}

/** A wrk Lua script walking `/{prefix}{1..}`: every request a different slug (the miss path). */
export function sequentialSlugScript(host: string, prefix: string): string {
  const file = path.join(tmpdir(), `linkhub-bench-${process.pid}-${prefix}.lua`);
  writeFileSync(
    file,
    `wrk.headers["Host"] = "${host}"\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", "/${prefix}" .. n)\nend\n`,
  );
  return file;
}

/** One bounded wrk run (one thread, fixed connections and duration), parsed. */
export function runWrk(run: WrkRun): WrkResult {
  const args = ['-t1', `-c${run.connections}`, `-d${run.seconds}s`, '--latency', '-H', `Host: ${run.host}`];
  if (run.script) args.push('-s', run.script);
  args.push(run.url);
  const command = run.cpu ? 'taskset' : 'wrk';
  const full = run.cpu ? ['-c', run.cpu, 'wrk', ...args] : args;
  const result = spawnSync(command, full, { encoding: 'utf8', timeout: (run.seconds + 30) * 1000 });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.error?.message || 'unknown error'}`);
  const out = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const non = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errMatch = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = errMatch ? errMatch.slice(1).reduce((s, v) => s + Number(v), 0) : 0;
  return { rps, p50Ms: p50, p99Ms: p99, requests, non2xx3xx: non, errors };
}
