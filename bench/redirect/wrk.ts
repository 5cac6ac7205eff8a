import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FORWARDED_FOR_HEADER } from '@linkhub/shared/server/analytics/client-ip';

export type WrkResult = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx3xx: number;
  errors: number;
};
export type WrkRun = {
  url: string;
  host: string;
  seconds: number;
  connections: number;
  script?: string;
  cpu?: string;
};

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

/**
 * User-Agents of the visitor mix: the browsers, in-app views, bots and tools that make most traffic
 * of a short link (about 20, so a per-UA memo sees the realistic handful, not one cached answer).
 */
export const VISITOR_USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 357.0.0.25.101 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 658442950)',
  'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/488.0.0.51.109;]',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'curl/8.5.0',
] as const;

function luaString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A wrk Lua script for the cache-hit path as visitors make it: every request from a different client
 * IP (in the forwarded-for header, which the edge reads because loopback is a trusted proxy by default; a walk over
 * the public IPv4 space plus some IPv6, so geo looks up a real address each time) and one of
 * `VISITOR_USER_AGENTS` in turn, with an Accept-Language and, for a third, a Referer. The requests are
 * built at start-up (65,536 distinct ones, cycled: more than any per-IP memo could hold) so the load
 * generator spends no more per request than with a fixed one.
 */
export function visitorMixScript(host: string, pathname: string): string {
  const file = path.join(tmpdir(), `linkhub-bench-${process.pid}-visitors.lua`);
  const uas = VISITOR_USER_AGENTS.map(luaString).join(',\n  ');
  writeFileSync(
    file,
    `local uas = {\n  ${uas}\n}
local langs = { "en-US,en;q=0.9", "de-DE,de;q=0.9,en;q=0.8", "fr-FR,fr;q=0.9", "es-ES,es;q=0.9", "pt-BR,pt;q=0.9,en;q=0.7", "ja-JP,ja;q=0.9" }
local referers = { "https://www.instagram.com/", "https://t.co/abc", "https://www.google.com/" }
local requests = {}
local count = 65536
-- A linear congruential walk (exact in doubles): consecutive requests land far apart in the address space.
local x = 12345
for i = 1, count do
  x = (x * 69069 + 1) % 4294967296
  local a = 1 + (math.floor(x / 16777216) % 222)
  if a == 10 or a == 127 then a = a + 1 end
  local ip
  if i % 16 == 0 then
    ip = string.format("2a02:%x:%x::%x", math.floor(x / 256) % 65536, x % 65536, i)
  else
    ip = a .. "." .. (math.floor(x / 65536) % 256) .. "." .. (math.floor(x / 256) % 256) .. "." .. (x % 256)
  end
  local headers = {
    ["Host"] = "${host}",
    ["${FORWARDED_FOR_HEADER}"] = ip,
    ["User-Agent"] = uas[1 + (i % #uas)],
    ["Accept-Language"] = langs[1 + (i % #langs)],
  }
  if i % 3 == 0 then headers["Referer"] = referers[1 + (i % #referers)] end
  requests[i] = wrk.format("GET", "${pathname}", headers)
end
local n = 0
request = function()
  n = n % count + 1
  return requests[n]
end
`,
  );
  return file;
}

function wrkCommand(run: WrkRun): [string, string[]] {
  const args = ['-t1', `-c${run.connections}`, `-d${run.seconds}s`, '--latency', '-H', `Host: ${run.host}`];
  if (run.script) args.push('-s', run.script);
  args.push(run.url);
  return run.cpu ? ['taskset', ['-c', run.cpu, 'wrk', ...args]] : ['wrk', args];
}

function parseWrk(out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const non = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errMatch = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = errMatch ? errMatch.slice(1).reduce((s, v) => s + Number(v), 0) : 0;
  return { rps, p50Ms: p50, p99Ms: p99, requests, non2xx3xx: non, errors };
}

/** One bounded wrk run (one thread, fixed connections and duration), parsed. */
export function runWrk(run: WrkRun): WrkResult {
  const [command, args] = wrkCommand(run);
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: (run.seconds + 30) * 1000 });
  if (result.status !== 0)
    throw new Error(`wrk failed: ${result.stderr || result.error?.message || 'unknown error'}`);
  return parseWrk(result.stdout);
}

/** `runWrk` without blocking this process's event loop (for a server running in the same process). */
export function runWrkAsync(run: WrkRun): Promise<WrkResult> {
  const [command, args] = wrkCommand(run);
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', timeout: (run.seconds + 30) * 1000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`wrk failed: ${stderr || error.message}`));
        else resolve(parseWrk(stdout));
      },
    );
  });
}
